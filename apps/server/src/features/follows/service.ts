import { randomUUID } from 'node:crypto';
import { said, type PersonSummary, type Suggestion } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import type { AuthorRow, ProfileRow } from '../../db/user-columns.js';
import { Invalid, NotFound } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { Notifier } from '../notifications/index.js';
import {
  activePosters,
  addFollow,
  candidatesAmong,
  findActiveUser,
  followPage,
  friendsOfFriends,
  isFollowing,
  newestMembers,
  removeFollow,
} from './queries.js';

const SUGGESTIONS = 20;
/** Nearby people lead, but leave room for mutual follows in a busy city. */
const NEARBY_SUGGESTIONS = 10;

export function personSummaryOf(user: AuthorRow): PersonSummary {
  const { _id, name, usertype, profileImage } = publicAuthorOf(user);
  return { _id, name, usertype, profileImage };
}

export function createFollowService(deps: {
  db: Db;
  notifier: Notifier;
  /**
   * People whose last shared location is in the user's grid cell or a neighbouring one, in
   * an order unrelated to distance (the location service); only ids, so follows never sees
   * where anyone is.
   */
  nearbyUserIds?: (userId: string) => Promise<string[]>;
}) {
  const { db } = deps;

  async function target(userId: string): Promise<ProfileRow> {
    const user = await findActiveUser(db, userId);
    if (!user) throw NotFound('user_not_found');
    return user;
  }

  async function page(
    userId: string,
    side: 'followers' | 'following',
    query: { cursor?: string; limit: number },
  ) {
    await target(userId);
    const rows = await followPage(db, userId, side, {
      cursor: decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      people: shown.map((r) => personSummaryOf(r.person)),
      nextCursor:
        rows.length > query.limit && last
          ? encodeCursor({ createdAt: last.at, id: last.person.id })
          : null,
    };
  }

  return {
    async follow(viewer: Viewer, userId: string) {
      if (userId === viewer.user.id) throw Invalid('follow_self');
      const added = await addFollow(db, {
        followerId: viewer.user.id,
        followeeId: userId,
        notificationId: randomUUID(),
        link: `/user/profile/${viewer.user.id}`,
        dedupeKey: `follow:${viewer.user.id}`,
      });
      if (!added) throw NotFound('user_not_found');
      if (added.notificationId) await deps.notifier.deliver(userId, added.notificationId);
      return { success: true as const, ...said('followed') };
    },

    async unfollow(viewer: Viewer, userId: string) {
      if (userId === viewer.user.id) throw Invalid('follow_self');
      if (!(await removeFollow(db, viewer.user.id, userId))) throw NotFound('user_not_found');
      return { success: true as const, ...said('unfollowed') };
    },

    async check(viewer: Viewer, userId: string) {
      await target(userId);
      return { success: true as const, isFollowing: await isFollowing(db, viewer.user.id, userId) };
    },

    async stats(userId: string) {
      const user = await target(userId);
      return {
        success: true as const,
        followersCount: user.followersCount,
        followingCount: user.followingCount,
      };
    },

    async followers(userId: string, query: { cursor?: string; limit: number }) {
      const { people, nextCursor } = await page(userId, 'followers', query);
      return {
        success: true as const,
        followers: people.map((follower) => ({ follower })),
        nextCursor,
      };
    },

    async following(userId: string, query: { cursor?: string; limit: number }) {
      const { people, nextCursor } = await page(userId, 'following', query);
      return {
        success: true as const,
        following: people.map((following) => ({ following })),
        nextCursor,
      };
    },

    /**
     * People driving nearby first, then mutual follows, active posters and new members;
     * never anyone followed.
     */
    async suggestions(viewer: Viewer) {
      const nearbyIds = (await deps.nearbyUserIds?.(viewer.user.id)) ?? [];
      const [nearby, mutual, active, fresh] = await Promise.all([
        candidatesAmong(db, viewer.user.id, nearbyIds.slice(0, SUGGESTIONS * 3)),
        friendsOfFriends(db, viewer.user.id, SUGGESTIONS),
        activePosters(db, viewer.user.id, SUGGESTIONS),
        newestMembers(db, viewer.user.id, SUGGESTIONS),
      ]);
      const seen = new Set<string>();
      const suggestions: Suggestion[] = [];
      const add = (users: ProfileRow[], reason: Suggestion['reason']) => {
        for (const user of users) {
          if (seen.has(user.id) || suggestions.length >= SUGGESTIONS) continue;
          seen.add(user.id);
          suggestions.push({
            ...personSummaryOf(user),
            followersCount: user.followersCount,
            followingCount: user.followingCount,
            reason,
          });
        }
      };
      add(nearby.slice(0, NEARBY_SUGGESTIONS), 'nearby');
      add(mutual, 'followed_by_people_you_follow');
      add(active, 'active');
      add(fresh, 'new');
      return { success: true as const, suggestions };
    },

    isFollowing: (viewerId: string, userId: string) => isFollowing(db, viewerId, userId),
    /** A user others may see: exists and is not blocked. */
    activeUser: (userId: string) => findActiveUser(db, userId),
  };
}

export type FollowService = ReturnType<typeof createFollowService>;
