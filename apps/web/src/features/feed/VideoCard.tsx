import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, Share2 } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { useOnline } from '../../api/useOnline';
import { formatCount } from '../../ui/formatCount';
import { ActionButton } from './ActionButton';
import { AuthorCard } from './AuthorCard';
import { CommentsSheet } from './CommentsSheet';
import { LikeButton } from './LikeButton';
import { PostCaption } from './PostCaption';
import type { ItemMode } from './preloadPolicy';
import { ShareMenu } from './ShareMenu';
import { useReportAction } from './useReportAction';
import { VideoPlayer } from './VideoPlayer';

interface VideoCardProps {
  post: Product;
  /** poster: only the picture, so cheap phones keep few decoders and downloads (preloadPolicy). */
  mode: Exclude<ItemMode, 'blank'>;
  onSettled?: () => void;
}

type Panel = 'comments' | 'share' | null;

export function VideoCard({ post, mode, onSettled }: VideoCardProps) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(true);
  const [panel, setPanel] = useState<Panel>(null);
  const report = useReportAction(post._id, 'video');
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
        className="absolute top-3 left-3 z-10 max-w-[calc(100%-5rem)] md:top-auto md:bottom-20"
      />
      {/* An unmounted player sends no pause event: a poster always has its caption. */}
      {(paused || mode === 'poster' || !online) && (
        <PostCaption post={post} className="absolute right-21 bottom-16 left-3 z-10 md:bottom-36" />
      )}
      <div className="absolute right-1 bottom-16 z-10 flex flex-col items-center gap-2">
        <LikeButton post={post} loginKey="feed.likeLogin" />
        <ActionButton
          onClick={() => setPanel('comments')}
          aria-label={t('feed.commentsLabel', { shown: formatCount(post.commentsCount) })}
          caption={formatCount(post.commentsCount)}
          icon={<MessageCircle aria-hidden className="size-7" />}
        />
        <ActionButton
          onClick={() => setPanel('share')}
          caption={t('feed.share')}
          icon={<Share2 aria-hidden className="size-7" />}
        />
        {report.button}
      </div>
      {panel === 'comments' && (
        <CommentsSheet
          postId={post._id}
          count={post.commentsCount}
          onClose={() => setPanel(null)}
        />
      )}
      {panel === 'share' && (
        <ShareMenu postId={post._id} title={post.title} onClose={() => setPanel(null)} />
      )}
      {report.modal}
    </>
  );
}
