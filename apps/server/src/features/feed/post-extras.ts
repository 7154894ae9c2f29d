import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  comments,
  likes,
  postImages,
  posts,
  users,
  type PostImageRow,
} from '../../db/schema/index.js';

/** An image of a post as a page shows it (present.ts keeps the processed ones, in order). */
export type ShownImage = Pick<PostImageRow, 'key' | 'width' | 'height' | 'position'>;

/** What a page of posts shows beside each post, read apart from the post row. */
export interface PostExtras {
  images: ShownImage[];
  likedByMe: boolean;
  /** Comments by blocked accounts, which the count leaves out (hiddenCommentCounts). */
  hiddenComments: number;
}

/** Inside sql`` an alias renders as its name only, so its FROM item is `${users} ${commenters}`. */
const commenters = alias(users, 'commenters');

/**
 * The extras as fields of the statement that reads the page, for its lists (the feed, a
 * profile's videos): one round trip where a page took two, the second of three statements.
 * Each is a subquery on the post's own rows (post_images_position_idx, the likes key,
 * comments_post_idx), so the page costs the database the same lookups as before. The viewer
 * is the placeholder `viewerId`, null when signed out (then nothing is liked).
 */
export const extrasFields = {
  images: sql<
    ShownImage[]
  >`coalesce((select json_agg(json_build_object('key', ${postImages.key}, 'width', ${postImages.width}, 'height', ${postImages.height}, 'position', ${postImages.position})) from ${postImages} where ${postImages.postId} = ${posts.id}), '[]'::json)`,
  likedByMe: sql<boolean>`exists (select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${sql.placeholder('viewerId')}::uuid)`,
  hiddenComments: sql<number>`(select count(*)::int from ${comments} inner join ${users} ${commenters} on ${commenters.id} = ${comments.userId} where ${comments.postId} = ${posts.id} and ${commenters.blockedAt} is not null)`,
};
