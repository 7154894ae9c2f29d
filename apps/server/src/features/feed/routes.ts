import type { FastifyInstance } from 'fastify';
import { commentCalls, postCalls, reportCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { CommentService } from './comments.service.js';
import type { LikeService } from './likes.service.js';
import type { PostService } from './posts.service.js';
import type { ReportService } from './reports.service.js';

export interface FeedServices {
  posts: PostService;
  likes: LikeService;
  comments: CommentService;
  reports: ReportService;
}

export function feedRoutes(app: FastifyInstance, auth: AuthDeps, s: FeedServices): void {
  registerCall(
    app,
    auth,
    postCalls.create,
    ({ viewer, upload, body }) => s.posts.create(viewer, upload ?? body),
    { upload: s.posts.postUploads, before: ({ viewer }) => s.posts.admit(viewer) },
  );
  registerCall(app, auth, postCalls.feed, ({ query, viewer }) => s.posts.feed(query, viewer));
  registerCall(app, auth, postCalls.mine, ({ viewer }) => s.posts.mine(viewer));
  registerCall(app, auth, postCalls.get, ({ params, viewer }) =>
    s.posts.get(params.videoId, viewer),
  );
  registerCall(app, auth, postCalls.retry, ({ params, viewer }) =>
    s.posts.retry(params.videoId, viewer),
  );
  // postCalls.remove (DELETE /api/v1/admin/product/:videoId) is moderation's: one removal path.
  registerCall(app, auth, postCalls.toggleLike, ({ params, viewer }) =>
    s.likes.toggle(params.videoId, viewer),
  );
  registerCall(app, auth, commentCalls.list, ({ params, query }) =>
    s.comments.list(params.videoId, query),
  );
  registerCall(app, auth, commentCalls.add, ({ params, body, viewer }) =>
    s.comments.add(params.videoId, viewer, body.comment),
  );
  registerCall(app, auth, commentCalls.remove, ({ params, viewer }) =>
    s.comments.remove(params.videoId, params.commentId, viewer),
  );
  registerCall(app, auth, reportCalls.create, ({ body, viewer }) => s.reports.create(body, viewer));
}
