import { messages, type Product, type VideoRendition } from '@saathi/contract';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { ShownPost } from './post-columns.js';
import type { ShownImage } from './post-extras.js';
import type { AuthorRow } from '../../db/user-columns.js';
import { mediaUrl } from '../../storage/media-url.js';

/**
 * The 720p file's peak rate for posts made before the row kept one (video_kbps):
 * transcode-video.ts encoded it under -maxrate 1500k with 96k AAC.
 */
const fullRenditionKbps = 1596;

/** Lowest first, as the player steps down; an old post's low rendition may not exist yet. */
function renditionsOf(post: ShownPost, videoKey: string): VideoRendition[] {
  const full = {
    url: mediaUrl(videoKey),
    width: post.width ?? 0,
    height: post.height ?? 0,
    kbps: post.videoKbps ?? fullRenditionKbps,
  };
  if (!post.lowVideoKey) return [full];
  const low = {
    url: mediaUrl(post.lowVideoKey),
    width: post.lowWidth ?? 0,
    height: post.lowHeight ?? 0,
    kbps: post.lowKbps ?? 0,
  };
  return [low, full];
}

export const titleOf = (caption: string) => (caption.split('\n')[0] ?? '').slice(0, 80).trim();

export function presentPost(
  post: ShownPost,
  author: AuthorRow,
  images: ShownImage[],
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
            posterSmallUrl: mediaUrl(post.posterSmallKey ?? post.posterKey),
            duration: post.durationSec ?? 0,
            width: post.width ?? 0,
            height: post.height ?? 0,
            renditions: renditionsOf(post, post.videoKey),
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
