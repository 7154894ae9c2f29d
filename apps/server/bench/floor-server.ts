// The floor: a bare node:http server answering the bench's hot calls with the app's JSON,
// through the same statements (floor-queries.ts) on the plain driver. It keeps only the work
// no server can skip: read the token, run the SQL, shape and send the answer. Run as its own
// process by run.ts: FLOOR_DATABASE_URL (PostgreSQL) or FLOOR_DATA_DIR (PGlite), JWT_SECRET.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { said } from '@saathi/contract';
import { publicAuthorOf, selfView } from '../src/auth/viewer.js';
import { decodeCursor, encodeCursor } from '../src/db/cursor.js';
import type { SessionUser } from '../src/db/user-columns.js';
import { presentPost } from '../src/features/feed/present.js';
import { presentNotification } from '../src/features/notifications/present.js';
import { openFloorDb, type Query } from './floor-db.js';
import * as F from './floor-queries.js';

const db = openFloorDb({
  url: process.env.FLOOR_DATABASE_URL,
  dataDir: process.env.FLOOR_DATA_DIR,
});
const q: Query = db.query;
// As config.ts reads it: the variable's text is the key.
const secret = Buffer.from(process.env.JWT_SECRET ?? '', 'utf8');
const FEED_PAGE = 8;
const COMMENTS_PAGE = 50;
const NOTIFICATIONS_PAGE = 30;
const PROFILE_VIDEOS = 60;

/** HS256 checked by hand (one HMAC), then the session row, as authenticate.ts does. */
async function viewerOf(req: IncomingMessage, allowBlocked = false): Promise<SessionUser | null> {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, '');
  const [head, body, sig] = token?.split('.') ?? [];
  if (!head || !body || !sig) return null;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as {
    sub: string;
    sid: string;
    exp: number;
  };
  if (claims.exp * 1000 <= Date.now()) return null;
  const found = await F.findSession(q, claims.sid, claims.sub);
  if (!found || found.revokedAt || found.expiresAt.getTime() <= Date.now()) return null;
  if (found.user.blockedAt && !allowBlocked) return null;
  return found.user;
}

const present = (rows: Awaited<ReturnType<typeof F.feedPage>>) =>
  rows.map((r) =>
    presentPost(r.post, r.author, r.images, {
      likedByMe: r.likedByMe,
      commentsCount: r.post.commentCount - r.hiddenComments,
    }),
  );

const nextCursor = <T>(
  rows: T[],
  limit: number,
  key: (last: T) => { createdAt: string; id: string },
) => {
  const last = rows.slice(0, limit).at(-1);
  return rows.length > limit && last ? encodeCursor(key(last)) : null;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text));
  });
}

type Handler = (req: IncomingMessage, id: string, url: URL) => Promise<unknown>;
const routes: [string, RegExp, Handler][] = [
  [
    'GET',
    /^\/api\/v1\/video\/all$/,
    async (req, _id, url) => {
      const viewer = await viewerOf(req);
      const rows = await F.feedPage(q, {
        cursor: decodeCursor(url.searchParams.get('cursor') ?? undefined),
        limit: FEED_PAGE + 1,
        emergencyOnly: url.searchParams.get('emergency') === 'true',
        viewerId: viewer?.id,
      });
      const page = rows.slice(0, FEED_PAGE);
      return {
        success: true,
        products: present(page),
        nextCursor: nextCursor(rows, FEED_PAGE, (l) => ({ createdAt: l.cursorAt, id: l.post.id })),
      };
    },
  ],
  [
    'PUT',
    /^\/api\/v1\/toggle\/like\/([^/]+)$/,
    async (req, postId) => {
      const viewer = await viewerOf(req);
      if (!viewer) return null;
      const result = await F.toggleLike(q, {
        postId,
        userId: viewer.id,
        notificationId: randomUUID(),
        link: `/?v=${postId}`,
        dedupeKey: `like:${postId}:${viewer.id}`,
      });
      if (!result) return null;
      if (result.notificationId) {
        await F.deliver(q, { userId: result.authorId, id: result.notificationId });
      }
      return { success: true, liked: result.liked, likes: result.likes };
    },
  ],
  [
    'POST',
    /^\/api\/v1\/video\/([^/]+)\/comment$/,
    async (req, postId) => {
      const viewer = await viewerOf(req);
      if (!viewer) return null;
      const { comment: text } = JSON.parse(await readBody(req)) as { comment: string };
      const id = randomUUID();
      const added = await F.addComment(q, {
        id,
        postId,
        userId: viewer.id,
        body: text,
        notificationId: randomUUID(),
        excerpt: text.length > 140 ? `${text.slice(0, 139)}…` : text,
        link: `/?v=${postId}&comments=1`,
        dedupeKey: `comment:${id}`,
      });
      if (!added) return null;
      if (added.notificationId) {
        await F.deliver(q, { userId: added.authorId, id: added.notificationId });
      }
      const { _id, name, profileImage } = publicAuthorOf(viewer);
      return {
        success: true,
        comment: {
          _id: id,
          comment: text,
          name,
          user: { _id, name, profileImage },
          createdAt: added.createdAt.toISOString(),
        },
      };
    },
  ],
  [
    'GET',
    /^\/api\/v1\/video\/([^/]+)\/comments$/,
    async (req, postId) => {
      await viewerOf(req);
      const found = await F.findVisiblePost(q, postId);
      if (!found) return null;
      const [rows, hidden] = await Promise.all([
        F.commentsPage(q, postId, COMMENTS_PAGE + 1),
        F.hiddenCommentCount(q, postId),
      ]);
      return {
        success: true,
        comments: rows.slice(0, COMMENTS_PAGE).map(({ comment, author }) => {
          const { _id, name, profileImage } = publicAuthorOf(author);
          return {
            _id: comment.id,
            comment: comment.body,
            name,
            user: { _id, name, profileImage },
            createdAt: comment.createdAt.toISOString(),
          };
        }),
        total: found.post.commentCount - hidden,
        nextCursor: nextCursor(rows, COMMENTS_PAGE, (l) => ({
          createdAt: l.cursorAt,
          id: l.comment.id,
        })),
      };
    },
  ],
  [
    'GET',
    /^\/api\/v1\/me$/,
    async (req) => {
      const viewer = await viewerOf(req, true);
      return viewer && { success: true, user: selfView(viewer) };
    },
  ],
  [
    'GET',
    /^\/api\/v1\/user\/profile\/([^/]+)$/,
    async (req, userId) => {
      const viewer = await viewerOf(req);
      if (!viewer) return null;
      const [user, videos, count, following] = await Promise.all([
        F.findActiveUser(q, userId),
        F.postsOfUser(q, userId, PROFILE_VIDEOS, viewer.id).then(present),
        F.countReadyPosts(q, userId),
        F.isFollowing(q, viewer.id, userId),
      ]);
      if (!user) return null;
      return {
        success: true,
        profile: {
          user: { ...publicAuthorOf(user), createdAt: user.createdAt.toISOString() },
          followStats: {
            videosCount: count,
            followersCount: user.followersCount,
            followingCount: user.followingCount,
          },
          isFollowing: following,
          videos,
        },
      };
    },
  ],
  [
    'POST',
    /^\/api\/follow\/follow\/([^/]+)$/,
    async (req, userId) => {
      const viewer = await viewerOf(req);
      if (!viewer) return null;
      const added = await F.addFollow(q, {
        followerId: viewer.id,
        followeeId: userId,
        notificationId: randomUUID(),
        link: `/user/profile/${viewer.id}`,
        dedupeKey: `follow:${viewer.id}`,
      });
      if (!added) return null;
      if (added.notificationId) await F.deliver(q, { userId, id: added.notificationId });
      return { success: true, ...said('followed') };
    },
  ],
  [
    'DELETE',
    /^\/api\/follow\/unfollow\/([^/]+)$/,
    async (req, userId) => {
      const viewer = await viewerOf(req);
      if (!viewer || !(await F.removeFollow(q, viewer.id, userId))) return null;
      return { success: true, ...said('unfollowed') };
    },
  ],
  [
    'GET',
    /^\/api\/v1\/notifications$/,
    async (req) => {
      const viewer = await viewerOf(req);
      if (!viewer) return null;
      const [rows, unreadCount] = await Promise.all([
        F.notificationPage(q, viewer.id, NOTIFICATIONS_PAGE + 1),
        F.unreadCount(q, viewer.id),
      ]);
      return {
        success: true,
        notifications: rows.slice(0, NOTIFICATIONS_PAGE).map(presentNotification),
        unreadCount,
        nextCursor: nextCursor(rows, NOTIFICATIONS_PAGE, (l) => ({
          createdAt: l.at,
          id: l.notification.id,
        })),
      };
    },
  ],
];

const reported = new Set<string>();

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  const route = routes.find(([m, re]) => m === req.method && re.test(url.pathname));
  if (!route) return send(res, 404, { success: false, message: 'not found' });
  const [, re, handler] = route;
  const id = re.exec(url.pathname)?.[1] ?? '';
  handler(req, id, url).then(
    (body) =>
      body ? send(res, 200, body) : send(res, 404, { success: false, message: 'not found' }),
    (err: unknown) => {
      // Once per kind of failure: a broken statement fails every request under load.
      const line = `floor: ${req.method} ${route[0]}: ${String(err)}`;
      if (!reported.has(line)) process.stderr.write(`${line}\n`);
      reported.add(line);
      send(res, 500, { success: false, message: String(err) });
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
