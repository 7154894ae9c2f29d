import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, Heart, Images, Trash2 } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { formatCount } from '../../ui/formatCount';
import { Spinner } from '../../ui/Spinner';
import { usePostTitle } from './VideoThumb';

interface MyVideoCardProps {
  post: Product;
  deleting: boolean;
  onDelete: () => void;
}

/** One own post: plays muted on hover or touch, shows likes and its state, and can be deleted. */
export function MyVideoCard({ post, deleting, onDelete }: MyVideoCardProps) {
  const { t } = useTranslation();
  const title = usePostTitle()(post);
  const video = useRef<HTMLVideoElement>(null);
  const play = () => void video.current?.play().catch(() => undefined);
  const pause = () => video.current?.pause();
  const picture = post.images[0]?.url;

  return (
    <li
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm"
      data-post={post._id}
    >
      <div className="relative aspect-[9/16] bg-stone-800 text-white">
        {post.video ? (
          <video
            ref={video}
            src={post.video.url}
            poster={post.video.posterUrl}
            muted
            loop
            playsInline
            // Nothing is downloaded until the driver points at or touches the card.
            preload="none"
            aria-label={title}
            onMouseEnter={play}
            onMouseLeave={pause}
            onTouchStart={() => (video.current?.paused ? play() : pause())}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          picture && (
            <img
              src={picture}
              alt={title}
              loading="lazy"
              className="absolute inset-0 size-full object-cover"
            />
          )
        )}
        {!post.video && post.images.length > 0 && (
          <Images aria-hidden className="absolute top-2 left-2 size-5 drop-shadow" />
        )}
        {post.status === 'processing' && (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/60 p-2 text-center text-sm font-semibold">
            <Spinner className="size-6" />
            {t('profile.processing')}
          </span>
        )}
        {post.status === 'failed' && (
          <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-red-900/80 p-2 text-center text-sm font-semibold">
            <CircleAlert aria-hidden className="size-6" />
            {t('profile.failed')}
          </span>
        )}
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={t('profile.deleteVideo', { title })}
          className="absolute top-1 right-1 flex size-11 items-center justify-center rounded-full bg-black/55 text-white disabled:opacity-60"
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden className="size-5" />}
        </button>
      </div>
      <div className="flex items-center justify-between gap-2 px-2 py-1.5 text-sm">
        <span className="min-w-0 truncate font-semibold">{title}</span>
        <span className="flex shrink-0 items-center gap-1 text-stone-600">
          <Heart aria-hidden className="size-4" />
          {formatCount(post.likes)}
        </span>
      </div>
    </li>
  );
}
