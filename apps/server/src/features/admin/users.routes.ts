import type { FastifyInstance } from 'fastify';
import { adminDocumentPath, adminUserCalls } from '@saathi/contract';
import { z } from 'zod';
import { authenticate, type AuthDeps } from '../../auth/authenticate.js';
import { Forbidden } from '../../http/errors.js';
import { registerCall } from '../../http/register-call.js';
import type { ModerationService } from './moderation.service.js';
import type { AdminUserService } from './users.service.js';

const documentParams = z.object({ userId: z.uuid(), docId: z.uuid() });

export function adminUserRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  users: AdminUserService,
  moderation: ModerationService,
): void {
  const calls = adminUserCalls;
  registerCall(app, auth, calls.search, ({ query }) => users.search(query));
  registerCall(app, auth, calls.detail, ({ params }) => users.detail(params.userId));
  registerCall(app, auth, calls.verify, ({ viewer, params, body }) =>
    moderation.verify(viewer, params.userId, body),
  );
  registerCall(app, auth, calls.block, ({ viewer, params, body }) =>
    moderation.block(viewer, params.userId, body.reason),
  );
  registerCall(app, auth, calls.unblock, ({ viewer, params, body }) =>
    moderation.unblock(viewer, params.userId, body.reason),
  );
  registerCall(app, auth, calls.promote, ({ viewer, params, body }) =>
    moderation.promote(viewer, params.userId, body.reason),
  );
  registerCall(app, auth, calls.demote, ({ viewer, params, body }) =>
    moderation.demote(viewer, params.userId, body.reason),
  );
  registerCall(app, auth, calls.createAdmin, ({ viewer, body }) =>
    moderation.createAdmin(viewer, body),
  );

  app.get(
    adminDocumentPath,
    {
      schema: {
        summary: "A driver's identity document, decrypted on the fly (admins only, never cached)",
        tags: ['admin'],
        security: [{ bearer: [] }],
        params: documentParams,
      },
      // Guarded before the params are read, like every contract call.
      preValidation: async (request) => {
        const viewer = await authenticate(auth, request, { required: true, allowBlocked: false });
        if (viewer?.user.usertype !== 'admin') throw Forbidden();
      },
    },
    async (request, reply) => {
      const { userId, docId } = documentParams.parse(request.params);
      const file = await users.document(userId, docId);
      return reply
        .header('content-type', file.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${file.kind}"`)
        .send(file.data);
    },
  );
}
