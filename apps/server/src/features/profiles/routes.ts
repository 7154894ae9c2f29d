import type { FastifyInstance } from 'fastify';
import { profileCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { ProfileService } from './service.js';

export function profileRoutes(app: FastifyInstance, auth: AuthDeps, service: ProfileService): void {
  registerCall(app, auth, profileCalls.get, ({ viewer, params }) =>
    service.get(viewer, params.userId),
  );
  registerCall(
    app,
    auth,
    profileCalls.update,
    ({ viewer, upload }) => service.update(viewer, upload),
    {
      upload: service.photoUploads,
    },
  );
}
