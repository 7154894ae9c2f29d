import { messages, type Product } from '@saathi/contract';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { PostImageRow, PostRow, UserRow } from '../../db/schema/index.js';
import { mediaUrl } from '../../storage/media-url.js';

export const titleOf = (caption: string) => (caption.split('\n')[0] ?? '').slice(0, 80).trim();

export function presentPost(
  post: PostRow,
  author: UserRow,
  images: PostImageRow[],
  /** For the viewer, and without the comments of blocked authors (see hiddenCommentCounts). */
  counts: { likedByMe: boolean; commentsCount: number },
): Product {
  const ready = post.status === 'ready';
  return {
    _id: post.id,
    title: titleOf(post.caption),
    caption: post.caption,
    location: post.location,
    emergency: post.emergency,
    createdAt: post.createdAt.toISOString(),
    status: post.status,
    failureReason:
      post.status === 'failed' ? (post.failureReason ?? messages.processing_failed) : null,
    likes: post.likeCount,
    likedByMe: counts.likedByMe,
    commentsCount: counts.commentsCount,
    video:
      ready && post.videoKey && post.posterKey
        ? {
            url: mediaUrl(post.videoKey),
            posterUrl: mediaUrl(post.posterKey),
            duration: post.durationSec ?? 0,
            width: post.width ?? 0,
            height: post.height ?? 0,
          }
        : null,
    images: ready
      ? images
          .filter((i) => i.key)
          .sort((a, b) => a.position - b.position)
          .map((i) => ({ url: mediaUrl(i.key ?? ''), width: i.width ?? 0, height: i.height ?? 0 }))
      : [],
    user: publicAuthorOf(author),
  };
}
