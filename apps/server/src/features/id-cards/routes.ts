import type { FastifyInstance } from 'fastify';
import { idCardCalls, limits } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import { multipartBody } from '../../media/receive-upload.js';
import type { IdCardService } from './service.js';

export function idCardRoutes(app: FastifyInstance, auth: AuthDeps, service: IdCardService): void {
  registerCall(
    app,
    auth,
    idCardCalls.apply,
    ({ viewer, request }) => service.apply(multipartBody(request), viewer),
    {
      bodyLimit: limits.postImageMaxBytes + 256 * 1024,
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
