import { randomUUID } from 'node:crypto';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import type { Notifier } from '../notifications/index.js';
import { toggleLike } from './likes.queries.js';

export function createLikeService(deps: { db: Db; notifier: Notifier }) {
  return {
    async toggle(postId: string, viewer: Viewer) {
      const result = await toggleLike(deps.db, {
        postId,
        userId: viewer.user.id,
        notificationId: randomUUID(),
        link: `/?v=${postId}`,
        dedupeKey: `like:${postId}:${viewer.user.id}`,
      });
      if (!result) throw NotFound('post_not_found');
      if (result.notificationId) {
        await deps.notifier.deliver(result.authorId, result.notificationId);
      }
      return { success: true as const, liked: result.liked, likes: result.likes };
    },
  };
}

export type LikeService = ReturnType<typeof createLikeService>;
