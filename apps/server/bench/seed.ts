import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * A large feed in a few statements: `users` authors and `posts` ready posts spread over a
 * year, with likes and comments on the newest, through generate_series so seeding 100,000
 * rows takes seconds, not minutes.
 */
export async function seedFeed(db: Db, counts: { users: number; posts: number }): Promise<void> {
  await db.execute(sql`
    insert into users (id, name, phone, password_hash, usertype, verification)
    select gen_random_uuid(), 'Bench Driver ' || n, '+91' || (7000000000 + n)::text,
           'not-a-hash', 'driver', 'verified'
    from generate_series(1, ${counts.users}) as n`);
  await db.execute(sql`
    insert into posts (id, user_id, caption, location, emergency, status, video_key, poster_key,
                       duration_sec, width, height, created_at, ready_at)
    select gen_random_uuid(), a.ids[1 + n % array_length(a.ids, 1)], 'Bench clip ' || n,
           'NH48, Gujarat', n % 50 = 0, 'ready', 'public/bench/video.mp4',
           'public/bench/poster.jpg', 12, 720, 1280, now() - (n || ' minutes')::interval, now()
    from generate_series(1, ${counts.posts}) as n,
         (select array_agg(id) as ids from users) as a`);
  await db.execute(sql`analyze`);
}
