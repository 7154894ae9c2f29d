import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, Share2 } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { formatCount } from '../../ui/formatCount';
import { ActionButton } from './ActionButton';
import { AuthorCard } from './AuthorCard';
import { CommentsSheet } from './CommentsSheet';
import { LikeButton } from './LikeButton';
import { PostCaption } from './PostCaption';
import { ShareMenu } from './ShareMenu';
import { useReportAction } from './useReportAction';
import { VideoPlayer } from './VideoPlayer';

interface VideoCardProps {
  post: Product;
  active: boolean;
  /** Far from the screen only the poster is drawn, so cheap phones keep few decoders. */
  mounted: boolean;
  preload: 'auto' | 'metadata';
}

type Panel = 'comments' | 'share' | null;

export function VideoCard({ post, active, mounted, preload }: VideoCardProps) {
  const { t } = useTranslation();
  const [paused, setPaused] = useState(true);
  const [panel, setPanel] = useState<Panel>(null);
  const report = useReportAction(post._id, 'video');
  const video = post.video;
  if (!video) return null;
  const name = post.user.name.trim() || t('feed.unknownUser');

  return (
    <>
      {mounted ? (
        <VideoPlayer
          video={video}
          label={t('feed.videoLabel', { name })}
          active={active}
          preload={preload}
          onPausedChange={setPaused}
        />
      ) : (
        <img
          src={video.posterUrl}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-contain"
        />
      )}
      <AuthorCard
        author={post.user}
        className="absolute top-3 left-3 z-10 max-w-[calc(100%-5rem)] md:top-auto md:bottom-20"
      />
      {paused && (
        <PostCaption post={post} className="absolute right-21 bottom-16 left-3 z-10 md:bottom-36" />
      )}
      <div className="absolute right-1 bottom-16 z-10 flex flex-col items-center gap-2">
        <LikeButton post={post} loginKey="feed.likeLogin" />
        <ActionButton
          onClick={() => setPanel('comments')}
          aria-label={t('feed.commentsLabel', { count: post.commentsCount })}
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
