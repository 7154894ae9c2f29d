import type { Db } from '../../db/client.js';
import { preparedText } from '../../db/prepared.js';

/**
 * A like toggle in one round trip. The post must be visible (the rule of findVisiblePost);
 * its row is locked first, so toggles on one post run one after another and its counter
 * moves with the rows: without the lock two taps by one user on a liked post both found the
 * row, both deleted it (one deleting nothing) and both took one off the counter. Then the like
 * is added, or removed when it was there, the counter moves by the change, and a new like
 * tells the author (dedupe_key: like, unlike, like again notifies once).
 */
export const TOGGLE_LIKE_SQL = `with post as (
  select p.id, p.user_id from posts p inner join users u on u.id = p.user_id
  where p.id = $1::uuid and p.status = 'ready' and p.removed_at is null and u.blocked_at is null
  for no key update of p
), added as (
  insert into likes (post_id, user_id) select id, $2::uuid from post
  on conflict do nothing returning post_id
), removed as (
  delete from likes where post_id in (select id from post) and user_id = $2::uuid
    and not exists (select from added)
  returning post_id
), counted as (
  update posts set like_count = like_count + (select count(*) from added)::int - (select count(*) from removed)::int
  where id in (select post_id from added union all select post_id from removed)
  returning like_count
), notified as (
  insert into notifications (id, user_id, kind, actor_id, post_id, link, dedupe_key)
  select $3::uuid, post.user_id, 'like', $2::uuid, post.id, $4::text, $5::text from post, added
  where post.user_id <> $2::uuid
  on conflict do nothing returning id
)
select post.user_id, exists (select from added), exists (select from removed),
  (select like_count from counted), (select id from notified)
from post`;

export interface LikeToggle {
  liked: boolean;
  likes: number;
  authorId: string;
  /** The author's new notification, when this like made one. */
  notificationId: string | null;
}

/** TOGGLE_LIKE_SQL's row; `changed` false asks for a rerun (see toggleLike). The floor reads it too. */
export const readToggleRow = (r: unknown[]): { changed: boolean; toggle: LikeToggle } => ({
  changed: (r[1] as boolean) || (r[2] as boolean),
  toggle: {
    authorId: r[0] as string,
    liked: r[1] as boolean,
    likes: (r[3] as number | null) ?? 0,
    notificationId: r[4] as string | null,
  },
});

const toggleQuery = preparedText(
  'toggle_like',
  TOGGLE_LIKE_SQL,
  ['postId', 'userId', 'notificationId', 'link', 'dedupeKey'],
  readToggleRow,
);

/**
 * Answers undefined when the post is not visible, with nothing written. A statement reads
 * the likes as they were when it began: when the same user's like was committed while this
 * one waited for the post's lock, it can neither add it (it exists) nor see it to remove it,
 * so it changes nothing and runs again, now seeing it. Each rerun follows another toggle of
 * that like that finished meanwhile, so the reruns end.
 */
export async function toggleLike(
  db: Db,
  input: {
    postId: string;
    userId: string;
    notificationId: string;
    link: string;
    dedupeKey: string;
  },
): Promise<LikeToggle | undefined> {
  for (;;) {
    const [row] = await toggleQuery(db).execute(input);
    if (!row) return undefined;
    if (row.changed) return row.toggle;
  }
}
