import { pickColumns } from '../../db/pick-columns.js';
import { posts, type PostRow } from '../../db/schema/index.js';

/**
 * The post columns a post's answer is made of (present.ts, and the comment count beside it),
 * for the reads that show posts: not its raw upload, its owner's id (the author row carries
 * it) nor its removal, which every such read has already filtered on.
 */
const shownKeys = [
  'id',
  'caption',
  'location',
  'emergency',
  'status',
  'failureReason',
  'videoKey',
  'posterKey',
  'durationSec',
  'width',
  'height',
  'videoKbps',
  'lowVideoKey',
  'lowWidth',
  'lowHeight',
  'lowKbps',
  'posterSmallKey',
  'likeCount',
  'commentCount',
  'createdAt',
] as const;

export type ShownPost = Pick<PostRow, (typeof shownKeys)[number]>;
export const shownPostColumns = pickColumns(posts, shownKeys);
