import type { FastifyInstance } from 'fastify';
import { directoryCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { DirectoryService } from './service.js';

export function directoryRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: DirectoryService,
): void {
  const c = directoryCalls;
  registerCall(app, auth, c.businesses, () => service.businesses());
  registerCall(app, auth, c.safety, () => service.safetyCautions());
  registerCall(app, auth, c.adminBusinesses, () => service.adminBusinesses());
  registerCall(app, auth, c.createBusiness, ({ body, viewer }) =>
    service.createBusiness(body, viewer),
  );
  registerCall(app, auth, c.updateBusiness, ({ params, body, viewer }) =>
    service.updateBusiness(params.id, body, viewer),
  );
  registerCall(app, auth, c.deleteBusiness, ({ params, viewer }) =>
    service.deleteBusiness(params.id, viewer),
  );
  registerCall(app, auth, c.adminSafety, () => service.adminSafety());
  registerCall(
    app,
    auth,
    c.createSafety,
    ({ viewer, upload }) => service.createSafety(viewer, upload),
    {
      upload: service.cautionUploads,
    },
  );
  registerCall(app, auth, c.updateSafety, ({ params, body, viewer }) =>
    service.updateSafety(params.id, body.note, viewer),
  );
  registerCall(app, auth, c.deleteSafety, ({ params, viewer }) =>
    service.deleteSafety(params.id, viewer),
  );
}
