import { randomUUID } from 'node:crypto';

/** What the load generator needs to make requests: made by run.ts after seeding. */
export interface Fixtures {
  tokens: string[];
  userIds: string[];
  /** The newest posts: likes and comments land on them. */
  postIds: string[];
  /** Who wrote each of postIds, in the same order. */
  postAuthorIds: string[];
  deepCursor: string;
}

/** What a load process (load.ts, paced-load.ts) is asked to do: its argv[2], as JSON. */
export interface LoadSpec {
  url: string;
  call: string;
  seconds: number;
  connections: number;
  /** Fixtures as JSON: 2,000 tokens are too long for a command line. */
  fixturesFile: string;
}

export interface CallRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  token?: string;
  body?: string;
}

/**
 * One hot call: the requests one connection sends in turn, given a running counter and which
 * load this is (`run`: its callers start that far along the token list, see load.ts).
 */
export interface HotCall {
  name: string;
  write: boolean;
  requests(f: Fixtures, n: number, run: number): CallRequest[];
}

const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;

/**
 * Loads that get like and follow pairs no other load touches. A like's or follow's first
 * time stores and delivers a notification and a repeat is deduplicated, so a load that came
 * back to its own pairs (every 2,000 requests, one per caller) did less work per request the
 * faster it went: the floor, about twice as fast, met twice the leftovers. Each load has its
 * own range of pairs, and a new pair on every request. More loads than this wrap around.
 */
export const FRESH_LOADS = 10;
/** Far more users than requests in flight, so no two requests in flight follow or are followed by one user. */
const FOLLOW_APART = 100;
/** How many times a load has been round the callers: each time it pairs them anew. */
const lap = (f: Fixtures, n: number) => Math.floor(n / f.tokens.length);

export const hotCalls: HotCall[] = [
  {
    name: 'feed, first page',
    write: false,
    requests: (f, n) => [{ method: 'GET', path: '/api/v1/video/all', token: pick(f.tokens, n) }],
  },
  {
    name: 'feed, 90% deep',
    write: false,
    requests: (f, n) => [
      { method: 'GET', path: `/api/v1/video/all?cursor=${f.deepCursor}`, token: pick(f.tokens, n) },
    ],
  },
  {
    name: 'emergency feed',
    write: false,
    requests: (f, n) => [
      { method: 'GET', path: '/api/v1/video/all?emergency=true', token: pick(f.tokens, n) },
    ],
  },
  {
    name: 'comments list',
    write: false,
    requests: (f, n) => [
      {
        method: 'GET',
        path: `/api/v1/video/${pick(f.postIds, n)}/comments`,
        token: pick(f.tokens, n),
      },
    ],
  },
  {
    name: 'GET /me',
    write: false,
    requests: (f, n) => [{ method: 'GET', path: '/api/v1/me', token: pick(f.tokens, n) }],
  },
  // The user after the caller: always someone else, with posts of their own.
  {
    name: 'other profile',
    write: false,
    requests: (f, n) => [
      {
        method: 'GET',
        path: `/api/v1/user/profile/${pick(f.userIds, n + 1)}`,
        token: pick(f.tokens, n),
      },
    ],
  },
  {
    name: 'notifications',
    write: false,
    requests: (f, n) => [
      { method: 'GET', path: '/api/v1/notifications', token: pick(f.tokens, n) },
    ],
  },
  // A post the caller has not liked, on every request: the first like's work throughout. The
  // requests in flight like neighbouring posts (the post moves with n), not one post: on one
  // post every like waited for the one before it to commit its count.
  {
    name: 'like toggle',
    write: true,
    requests: (f, n, run) => [
      {
        method: 'PUT',
        path: `/api/v1/toggle/like/${pick(f.postIds, n + lap(f, n) + run * Math.floor(f.postIds.length / FRESH_LOADS))}`,
        token: pick(f.tokens, n),
      },
    ],
  },
  // A post by someone else (the caller is user n + run: the tokens are rotated), so every
  // comment tells its post's author: with the seed's authors, one load in six commented on its
  // callers' own posts for the first 500 of every 2,000 requests, and did that much less work.
  {
    name: 'add comment',
    write: true,
    requests: (f, n, run) => {
      const caller = pick(f.userIds, n + run);
      const k = pick(f.postAuthorIds, n) === caller ? n + 1 : n;
      return [
        {
          method: 'POST',
          path: `/api/v1/video/${pick(f.postIds, k)}/comment`,
          token: pick(f.tokens, n),
          body: JSON.stringify({ comment: `Safe travels ${randomUUID().slice(0, 8)}` }),
        },
      ];
    },
  },
  // Follow then unfollow the same person, one the caller (user n + run: the tokens are
  // rotated) never followed before: one toggle each way, the follow notifying. The followee
  // is at least FOLLOW_APART users from the caller either way round the list: a follow locks
  // both users' rows, and with the next user followed, the 16 requests in flight each waited
  // for the one before (the load whose run was 0, only ever the app's, had a p99 three times
  // the floor's).
  {
    name: 'follow toggle',
    write: true,
    requests: (f, n, run) => {
      const spread = Math.floor((f.userIds.length - 2 * FOLLOW_APART) / FRESH_LOADS);
      const followee = pick(f.userIds, n + run + FOLLOW_APART + lap(f, n) + run * spread);
      return [
        { method: 'POST', path: `/api/follow/follow/${followee}`, token: pick(f.tokens, n) },
        { method: 'DELETE', path: `/api/follow/unfollow/${followee}`, token: pick(f.tokens, n) },
      ];
    },
  },
];

export function send(base: string, r: CallRequest): Promise<Response> {
  return fetch(base + r.path, {
    method: r.method,
    headers: {
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
      ...(r.body ? { 'content-type': 'application/json' } : {}),
    },
    body: r.body,
  });
}
