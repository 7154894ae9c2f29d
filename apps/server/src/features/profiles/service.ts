import type { z } from 'zod';
import type { Logger } from '../../log.js';
import { rateLimits, said, type updateProfileFields } from '@saathi/contract';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import { selfView, type Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Invalid, NotFound, TooMany } from '../../http/errors.js';
import type { CheckedUpload, UploadTarget } from '../../media/checked-upload.js';
import { MediaRejectedError } from '../../media/errors.js';
import { readAll, type Storage } from '../../storage/storage.js';
import type { PostService } from '../feed/index.js';
import type { FollowService } from '../follows/index.js';
import { publicAuthorOf } from '../../auth/viewer.js';
import { storeAvatar } from './photo.js';
import { updateUser } from './queries.js';

const PROFILE_VIDEOS = 60;

export function createProfileService(deps: {
  db: Db;
  storage: Storage;
  log: Logger;
  posts: PostService;
  follows: FollowService;
  limiter: RateLimiter;
}) {
  const { db } = deps;
  return {
    /** Where a new photo waits while it is made into an avatar (then it goes). */
    photoUploads: {
      storage: deps.storage,
      folder: (id) => `uploads/avatars/${id}`,
    } satisfies UploadTarget,

    async get(viewer: Viewer, userId: string) {
      // The user is looked up beside the other reads, not before them: one round trip less on
      // every profile; a missing or blocked user's videos are read for nothing, then refused.
      const [user, videos, following] = await Promise.all([
        deps.follows.activeUser(userId),
        deps.posts.publicPostsOf(userId, viewer.user.id, PROFILE_VIDEOS),
        deps.follows.isFollowing(viewer.user.id, userId),
      ]);
      if (!user) throw NotFound('user_not_found');
      const author = publicAuthorOf(user);
      return {
        success: true as const,
        profile: {
          user: { ...author, createdAt: user.createdAt.toISOString() },
          followStats: {
            videosCount: videos.count,
            followersCount: user.followersCount,
            followingCount: user.followingCount,
          },
          isFollowing: following,
          videos: videos.products,
        },
      };
    },

    /** Name, number visibility and photo in one multipart call; only what is sent changes. */
    async update(viewer: Viewer, upload: CheckedUpload<z.output<typeof updateProfileFields>>) {
      const { fields } = upload;
      const previous = viewer.user.profileImage;
      let stored: string | undefined;
      try {
        const photo = upload.files[0];
        if (photo) {
          // Counted once the photo arrived: a name change alone costs nothing to limit. So
          // this limit is the service's, not the contract's: it depends on what was sent.
          const wait = await deps.limiter.hit(
            `avatar:user:${viewer.user.id}`,
            rateLimits.profilePhotosPerHour,
            3600,
          );
          if (wait > 0) throw TooMany(wait);
          try {
            stored = await storeAvatar(deps.storage, viewer.user.id, {
              bytes: await readAll(deps.storage, photo.key),
              mime: photo.mime,
            });
          } catch (error) {
            if (error instanceof MediaRejectedError) throw Invalid('photo_type', error.message);
            throw error;
          }
        }
        const profileImage = stored ?? (fields.removePhoto ? null : undefined);
        const user = await updateUser(db, viewer.user.id, {
          name: fields.name,
          showNumber: fields.showNumber,
          profileImage,
        });
        if (profileImage !== undefined && previous) {
          await deps.storage
            .delete(previous)
            .catch((err: unknown) => deps.log.warn({ err }, 'old avatar not deleted'));
        }
        return { success: true as const, ...said('profile_updated'), user: selfView(user) };
      } catch (error) {
        if (stored) await deps.storage.delete(stored);
        throw error;
      }
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
