// What other features may use of feed: the post service (moderation removes through it,
// profiles list through it) and the post it answers.
export type { PostWithAuthor } from './posts.queries.js';
export type { PostService } from './posts.service.js';
