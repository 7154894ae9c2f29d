import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import { toggleLike } from './likes.queries.js';
import { findVisiblePost } from './posts.queries.js';

export function createLikeService(deps: { db: Db }) {
  return {
    async toggle(postId: string, viewer: Viewer) {
      if (!(await findVisiblePost(deps.db, postId))) throw NotFound('post_not_found');
      const result = await toggleLike(deps.db, postId, viewer.user.id);
      return { success: true as const, ...result };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
