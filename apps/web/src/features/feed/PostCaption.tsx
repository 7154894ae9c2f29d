import { MapPin } from 'lucide-react';
import type { Product } from '@saathi/contract';

/** Caption and place of a post, over the bottom of the media. */
export function PostCaption({ post, className = '' }: { post: Product; className?: string }) {
  if (!post.caption && !post.location) return null;
  return (
    <div
      className={`pointer-events-none rounded-xl bg-black/55 p-3 text-white backdrop-blur-sm ${className}`}
    >
      {post.caption && (
        <p className="line-clamp-4 text-base break-words whitespace-pre-line">{post.caption}</p>
      )}
      {post.location && (
        <p className="mt-1 flex items-center gap-1 text-sm text-white/90">
          <MapPin aria-hidden className="size-4 shrink-0" />
          <span className="truncate">{post.location}</span>
        </p>
      )}
    </div>
  );
}
