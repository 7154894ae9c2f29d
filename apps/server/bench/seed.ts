import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * A large feed in a few statements: `users` authors and `posts` ready posts spread over a
 * year, with comments on the newest and notifications for everyone, through generate_series so seeding 100,000
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
  // Comments on the newest posts (the comments list reads them) and notifications for every
  // driver (the notifications list), with the counters the app keeps beside them.
  await db.execute(sql`
    insert into comments (id, post_id, user_id, body, created_at)
    select gen_random_uuid(), p.id, p.user_id, 'Bench comment ' || k, now() - (k || ' seconds')::interval
    from (select id, user_id from posts order by created_at desc limit 500) as p,
         generate_series(1, 5) as k`);
  await db.execute(sql`
    update posts set comment_count = c.n
    from (select post_id, count(*)::int as n from comments group by post_id) as c
    where posts.id = c.post_id`);
  await db.execute(sql`
    insert into notifications (id, user_id, kind, actor_id, post_id, text, link, created_at)
    select gen_random_uuid(), u.id, 'comment', a.id, null, 'Bench notification ' || k, '/', now() - (k || ' minutes')::interval
    from (select id, row_number() over () as r from users) as u,
         (select id, row_number() over () as r from users) as a,
         generate_series(1, 20) as k
    where a.r = u.r % ${counts.users} + 1`);
  await db.execute(sql`analyze`);
}
