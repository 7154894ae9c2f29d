import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '@saathi/contract';
import { useOnline } from '../../api/useOnline';
import { AuthorCard } from './AuthorCard';
import { PostActions } from './PostActions';
import { PostCaption } from './PostCaption';
import type { ItemMode } from './preloadPolicy';
import { VideoPlayer } from './VideoPlayer';

interface VideoCardProps {
  post: Product;
  /** poster: only the picture, so cheap phones keep few decoders and downloads (preloadPolicy). */
  mode: Exclude<ItemMode, 'blank'>;
  onSettled?: () => void;
}

export function VideoCard({ post, mode, onSettled }: VideoCardProps) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(true);
  // Offline a video cannot play (it is never kept on the phone): its poster says so.
  const online = useOnline();
  const video = post.video;
  if (!video) return null;
  const name = post.user.name.trim() || t('feed.unknownUser');

  return (
    <>
      {mode === 'poster' || !online ? (
        <img
          src={video.posterSmallUrl}
          alt=""
          loading="lazy"
          fetchPriority="low"
          className="absolute inset-0 size-full object-contain"
        />
      ) : (
        <VideoPlayer
          video={video}
          label={t('feed.videoLabel', { name })}
          mode={mode}
          onPausedChange={setPaused}
          onSettled={onSettled}
        />
      )}
      {!online && mode !== 'poster' && (
        <p className="absolute inset-x-0 top-1/3 z-10 mx-auto w-fit rounded-full bg-black/70 px-4 py-2 text-lg font-semibold text-white">
          {t('offline.videoNeedsNetwork')}
        </p>
      )}
      <AuthorCard
        author={post.user}
        className="absolute top-3 left-3 z-10 md:top-auto md:bottom-20"
      />
      {/* An unmounted player sends no pause event: a poster always has its caption. */}
      {(paused || mode === 'poster' || !online) && (
        <PostCaption post={post} className="absolute right-21 bottom-16 left-3 z-10 md:bottom-36" />
      )}
      <PostActions post={post} kind="video" className="bottom-16" />
    </>
  );
}
