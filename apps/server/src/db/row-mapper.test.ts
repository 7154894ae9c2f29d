import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/database.js';
import type { Database, Db } from './client.js';
import { prepared } from './prepared.js';
import { notifications, users } from './schema/index.js';

const actors = alias(users, 'actor');
/** Nested objects, a left-joined table that may be missing, an inner-joined one, an sql field. */
const listOf = (db: Db) =>
  db
    .select({
      notification: notifications,
      owner: { name: users.name, blockedAt: users.blockedAt },
      actor: actors,
      seconds: sql<number>`extract(epoch from ${notifications.createdAt})`.mapWith(Number),
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(actors, eq(actors.id, notifications.actorId))
    .orderBy(asc(notifications.kind));
const preparedList = prepared((db) => listOf(db).prepare('row_mapper_test_list'));

describe('prepared queries map their rows as drizzle does', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
    const [owner, actor] = [randomUUID(), randomUUID()];
    await database.db.insert(users).values(
      [owner, actor].map((id, i) => ({
        id,
        name: `Person ${i}`,
        phone: `+9198765432${i}0`,
        passwordHash: 'x',
        usertype: 'driver' as const,
        verification: 'verified' as const,
      })),
    );
    await database.db.insert(notifications).values([
      { id: randomUUID(), userId: owner, kind: 'like', actorId: actor, postId: randomUUID() },
      { id: randomUUID(), userId: owner, kind: 'verification', text: 'Verified' },
    ]);
  });
  afterAll(() => database.close());

  it('gives the same objects, a missing left-joined row as null', async () => {
    const expected = await listOf(database.db);
    expect(expected.map((r) => r.actor?.name ?? null)).toEqual(['Person 1', null]);
    expect(await preparedList(database.db).execute()).toEqual(expected);
  });
});
