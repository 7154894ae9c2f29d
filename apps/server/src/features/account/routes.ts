import type { FastifyInstance } from 'fastify';
import { accountCalls, exportDownloadPath } from '@saathi/contract';
import { z } from 'zod';
import { authenticate, type AuthDeps } from '../../auth/authenticate.js';
import type { Viewer } from '../../auth/viewer.js';
import { registerCall } from '../../http/register-call.js';
import type { DeletionService } from './deletion.service.js';
import type { ExportService } from './export/service.js';

const downloadParams = z.object({ exportId: z.uuid() });

export function accountRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  services: { deletion: DeletionService; exports: ExportService },
): void {
  registerCall(app, auth, accountCalls.requestDeletion, ({ viewer, body }) =>
    services.deletion.request(viewer, body.password),
  );
  registerCall(app, auth, accountCalls.cancelDeletion, ({ viewer }) =>
    services.deletion.cancel(viewer),
  );
  registerCall(app, auth, accountCalls.requestExport, ({ request, viewer, body }) =>
    services.exports.request(request, viewer, body.vaultPassword),
  );
  registerCall(app, auth, accountCalls.latestExport, ({ viewer }) =>
    services.exports.latest(viewer),
  );

  const viewers = new WeakMap<object, Viewer>();
  app.get(
    exportDownloadPath,
    {
      schema: {
        summary: 'Download my data: the ZIP, for its owner only, for 24 hours (not cached)',
        tags: ['me'],
        security: [{ bearer: [] }],
        params: downloadParams,
      },
      // Guarded before the params are read, like every contract call; the cookie works too,
      // so a plain link downloads it.
      preValidation: async (request) => {
        const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
        if (viewer) viewers.set(request, viewer);
      },
    },
    async (request, reply) => {
      const viewer = viewers.get(request);
      if (!viewer) throw new Error('download without a caller');
      const { exportId } = downloadParams.parse(request.params);
      const file = await services.exports.download(viewer, exportId);
      const day = file.createdAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', file.size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="saathi-data-${day}.zip"`)
        .send(file.stream);
    },
  );
}
