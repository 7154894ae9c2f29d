import type { FastifyInstance } from 'fastify';
import { followCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { FollowService } from './service.js';

export function followRoutes(app: FastifyInstance, auth: AuthDeps, service: FollowService): void {
  registerCall(app, auth, followCalls.check, ({ viewer, params }) =>
    service.check(viewer, params.userId),
  );
  registerCall(app, auth, followCalls.stats, ({ params }) => service.stats(params.userId));
  registerCall(app, auth, followCalls.follow, ({ viewer, params }) =>
    service.follow(viewer, params.userId),
  );
  registerCall(app, auth, followCalls.unfollow, ({ viewer, params }) =>
    service.unfollow(viewer, params.userId),
  );
  registerCall(app, auth, followCalls.followers, ({ params, query }) =>
    service.followers(params.userId, query),
  );
  registerCall(app, auth, followCalls.following, ({ params, query }) =>
    service.following(params.userId, query),
  );
  registerCall(app, auth, followCalls.suggestions, ({ viewer }) => service.suggestions(viewer));
}
