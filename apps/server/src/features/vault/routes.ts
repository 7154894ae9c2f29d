import type { FastifyInstance, FastifyRequest } from 'fastify';
import { vaultCalls, vaultTokenHeader } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { headerValue } from '../../http/header.js';
import { registerCall } from '../../http/register-call.js';
import type { VaultService } from './service.js';

/** A live unlock rides in its own header, so the vault's calls read it here. */
const vaultToken = (request: FastifyRequest) => headerValue(request, vaultTokenHeader);

export function vaultRoutes(app: FastifyInstance, auth: AuthDeps, service: VaultService): void {
  registerCall(app, auth, vaultCalls.verifyPassword, ({ viewer, body }) =>
    service.unlock(viewer, body),
  );
  registerCall(app, auth, vaultCalls.list, ({ viewer, params, body, request }) =>
    service.list(viewer, params.userId, { password: body.password, token: vaultToken(request) }),
  );
  registerCall(app, auth, vaultCalls.count, ({ viewer, params }) =>
    service.count(viewer, params.userId),
  );
  registerCall(app, auth, vaultCalls.add, ({ viewer, upload }) => service.add(viewer, upload), {
    upload: service.documentUploads,
    before: ({ viewer, request }) => service.mayAdd(viewer, vaultToken(request)),
  });
  registerCall(app, auth, vaultCalls.remove, ({ viewer, params, body, request }) =>
    service.remove(viewer, params.docId, body, vaultToken(request)),
  );

  registerCall(app, auth, vaultCalls.file, ({ viewer, params, request }) =>
    service.file(viewer, params.docId, vaultToken(request)),
  );
}
