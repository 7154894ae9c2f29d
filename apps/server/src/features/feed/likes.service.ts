import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import type { Notifier } from '../notifications/service.js';
import { toggleLike } from './likes.queries.js';
import { findVisiblePost } from './posts.queries.js';

export function createLikeService(deps: { db: Db; notifier: Notifier }) {
  return {
    async toggle(postId: string, viewer: Viewer) {
      const found = await findVisiblePost(deps.db, postId);
      if (!found) throw NotFound('post_not_found');
      const result = await toggleLike(deps.db, postId, viewer.user.id);
      if (result.liked) {
        // Like, unlike, like again: the author hears about it once.
        await deps.notifier.notify({
          userId: found.post.userId,
          kind: 'like',
          actorId: viewer.user.id,
          postId,
          link: `/?v=${postId}`,
          dedupeKey: `like:${postId}:${viewer.user.id}`,
        });
      }
      return { success: true as const, ...result };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
