import type { FastifyInstance } from 'fastify';
import { documentIdParam, limits, vaultCalls, vaultFilePath } from '@saathi/contract';
import { authenticate, type AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { VaultService } from './service.js';

export function vaultRoutes(app: FastifyInstance, auth: AuthDeps, service: VaultService): void {
  registerCall(app, auth, vaultCalls.verifyPassword, ({ viewer, body }) =>
    service.unlock(viewer, body),
  );
  registerCall(app, auth, vaultCalls.list, ({ viewer, params, body, request }) =>
    service.list(request, viewer, params.userId, body.password),
  );
  registerCall(app, auth, vaultCalls.count, ({ viewer, params }) =>
    service.count(viewer, params.userId),
  );
  registerCall(app, auth, vaultCalls.add, ({ viewer, request }) => service.add(request, viewer), {
    bodyLimit: limits.identityImageMaxBytes + 256 * 1024,
  });
  registerCall(app, auth, vaultCalls.remove, ({ viewer, params, body, request }) =>
    service.remove(request, viewer, params.docId, body),
  );

  app.get(
    vaultFilePath,
    {
      schema: {
        summary: 'A vault file, decrypted, for its owner with a live vault token (x-vault-token)',
        tags: ['personal-documents'],
        security: [{ bearer: [] }],
        params: documentIdParam,
      },
    },
    async (request, reply) => {
      const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
      if (!viewer) return reply.callNotFound();
      const { docId } = request.params as { docId: string };
      const file = await service.file(request, viewer, docId);
      // Private: never cached by a shared proxy or kept by the browser after the tab closes.
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
        .send(file.data);
    },
  );
}
