import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './database.js';
import { findSession } from '../src/auth/sessions.js';
import { insertAdminAccount, setAdminRole } from '../src/features/admin/accounts.js';
import { findUser, setVerification } from '../src/features/admin/users.queries.js';
import { commentsPage } from '../src/features/feed/comments.queries.js';
import { feedPage, findVisiblePost, postsOfUser } from '../src/features/feed/posts.queries.js';
import { findActiveUser, followPage, newestMembers } from '../src/features/follows/queries.js';
import { notificationPage } from '../src/features/notifications/queries.js';
import { notePage } from '../src/features/voice/queries.js';
import type { Database } from '../src/db/client.js';
import {
  comments,
  follows,
  notifications,
  posts,
  sessions,
  users,
  voiceNotes,
} from '../src/db/schema/index.js';

const authorKeys = ['id', 'name', 'phone', 'profileImage', 'showNumber', 'usertype'];
const keysOf = (row: object) => Object.keys(row).sort();

/**
 * The reads that join users carry only what their answers need (db/user-columns.ts): the
 * password hash, blocks, deletion dates and the rest of a user's row stay in the database.
 */
describe('the reads that show posts and people select only the columns their answers use', () => {
  let database: Database;
  const [author, reader] = [randomUUID(), randomUUID()];
  const [postId, sessionId] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    database = await freshDatabase();
    const { db } = database;
    await db.insert(users).values(
      [author, reader].map((id, i) => ({
        id,
        name: `Person ${i}`,
        phone: `+9198765433${i}0`,
        passwordHash: 'argon2-hash-never-read-here',
        usertype: 'driver' as const,
        verification: 'verified' as const,
      })),
    );
    await db.insert(sessions).values({
      id: sessionId,
      userId: reader,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(posts).values({
      id: postId,
      userId: author,
      location: 'Pune',
      status: 'ready',
      videoKey: 'public/v.mp4',
      posterKey: 'public/p.jpg',
    });
    await db.insert(comments).values({ id: randomUUID(), postId, userId: author, body: 'hi' });
    await db.insert(follows).values({ followerId: author, followeeId: reader });
    await db
      .insert(notifications)
      .values({ id: randomUUID(), userId: reader, kind: 'follow', actorId: author });
    await db
      .insert(voiceNotes)
      .values({ id: randomUUID(), userId: author, kind: 'voice', status: 'ready', bytes: 10 });
  });
  afterAll(() => database.close());

  it('gives authors of posts, comments, notes and notifications only their public fields', async () => {
    const { db } = database;
    const page = await feedPage(db, { limit: 5, emergencyOnly: false, viewerId: reader });
    const visible = await findVisiblePost(db, postId);
    const theirs = await postsOfUser(db, author, { readyOnly: true, limit: 5, viewerId: reader });
    const talk = await commentsPage(db, postId, { limit: 5 });
    const notes = await notePage(db, { kind: 'voice', viewerId: reader, limit: 5 });
    const told = await notificationPage(db, reader, { limit: 5 });
    const followers = await followPage(db, reader, 'followers', { limit: 5 });
    const authors = [
      page[0]?.author,
      visible?.author,
      theirs[0]?.author,
      talk[0]?.author,
      notes[0]?.author,
      told[0]?.actor,
      followers[0]?.person,
    ];
    for (const row of authors) {
      expect(row).toBeDefined();
      expect(keysOf(row ?? {})).toEqual(authorKeys);
    }
  });

  it('gives the reads that show posts no raw upload, owner id or removal columns', async () => {
    const { db } = database;
    const shown = [
      (await feedPage(db, { limit: 5, emergencyOnly: false, viewerId: reader }))[0]?.post,
      (await findVisiblePost(db, postId))?.post,
      (await postsOfUser(db, author, { readyOnly: true, limit: 5, viewerId: reader }))[0]?.post,
    ];
    for (const post of shown) {
      expect(post?.id).toBe(postId);
      for (const key of ['rawVideoKey', 'userId', 'readyAt', 'removedAt', 'removedBy']) {
        expect(post).not.toHaveProperty(key);
      }
    }
  });

  it('gives profiles and suggestions the author fields with join date and counts', async () => {
    const profileKeys = [...authorKeys, 'createdAt', 'followersCount', 'followingCount'].sort();
    const profile = await findActiveUser(database.db, author);
    expect(keysOf(profile ?? {})).toEqual(profileKeys);
    const [suggestion] = await newestMembers(database.db, reader, 5);
    expect(keysOf(suggestion ?? {})).toEqual(profileKeys);
  });

  it('reads the caller with their session without the password hash', async () => {
    const found = await findSession(database.db, sessionId, reader);
    expect(found?.user.id).toBe(reader);
    expect(found?.user).not.toHaveProperty('passwordHash');
    expect(found?.user).not.toHaveProperty('followersCount');
  });

  it('reads and writes an account in the console without its password hash', async () => {
    const { db } = database;
    const rows = [
      await findUser(db, author),
      await setVerification(db, author, 'verified', null),
      await insertAdminAccount(db, {
        name: 'Admin',
        phone: '+919876543399',
        passwordHash: 'argon2-hash-never-read-here',
      }),
      await setAdminRole(db, { id: author, verification: 'verified' }, true),
    ];
    for (const row of rows) {
      expect(row).toBeDefined();
      expect(row).not.toHaveProperty('passwordHash');
    }
  });
});
