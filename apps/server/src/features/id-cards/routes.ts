import type { FastifyInstance } from 'fastify';
import { idCardCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { IdCardService } from './service.js';

export function idCardRoutes(app: FastifyInstance, auth: AuthDeps, service: IdCardService): void {
  registerCall(
    app,
    auth,
    idCardCalls.apply,
    ({ viewer, upload }) => service.apply(viewer, upload),
    {
      upload: service.photoUploads,
      before: ({ viewer }) => service.mayApply(viewer),
    },
  );
  registerCall(app, auth, idCardCalls.byUser, ({ viewer, params }) =>
    service.byUser(viewer, params.userId),
  );
  registerCall(app, auth, idCardCalls.byMobile, ({ viewer, params }) =>
    service.byMobile(viewer, params.mobile),
  );
  registerCall(app, auth, idCardCalls.verify, ({ params }) => service.verify(params.cardNo));
}
