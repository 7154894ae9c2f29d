import type { FastifyInstance } from 'fastify';
import { adminUserCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { ModerationService } from './moderation.service.js';
import type { AdminUserService } from './users.service.js';

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

  registerCall(app, auth, calls.document, ({ params }) =>
    users.document(params.userId, params.docId),
  );
}
