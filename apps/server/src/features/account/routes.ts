import type { FastifyInstance } from 'fastify';
import { accountCalls, vaultTokenHeader } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { headerValue } from '../../http/header.js';
import { registerCall } from '../../http/register-call.js';
import type { DeletionService } from './deletion.service.js';
import type { ExportService } from './export/service.js';

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
    services.exports.request(viewer, {
      password: body.vaultPassword,
      token: headerValue(request, vaultTokenHeader),
    }),
  );
  registerCall(app, auth, accountCalls.latestExport, ({ viewer }) =>
    services.exports.latest(viewer),
  );

  registerCall(app, auth, accountCalls.downloadExport, async ({ viewer, params }) => {
    const file = await services.exports.download(viewer, params.exportId);
    const day = file.createdAt.toISOString().slice(0, 10);
    return { data: file.stream, size: file.size, name: `saathi-data-${day}.zip` };
  });
}
