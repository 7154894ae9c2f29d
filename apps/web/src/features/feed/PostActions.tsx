import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, Share2 } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { formatCount } from '../../ui/formatCount';
import { ActionButton } from './ActionButton';
import { CommentsSheet } from './CommentsSheet';
import { ImageShareDialog } from './ImageShareDialog';
import { LikeButton } from './LikeButton';
import { ShareMenu } from './ShareMenu';
import { useReportAction } from './useReportAction';

interface PostActionsProps {
  post: Product;
  /** An image shares its own link and is reported as an image; a video shares the post. */
  kind: 'image' | 'video';
  /** Where the column sits: above the video's controls, or low on an image. */
  className: string;
}

/** The action column of a feed item (like, comments, share, report) and the panels it opens. */
export function PostActions({ post, kind, className }: PostActionsProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<'comments' | 'share' | null>(null);
  const report = useReportAction(post._id, kind);
  const close = () => setPanel(null);
  return (
    <>
      <div
        className={`absolute right-1 z-10 flex flex-col items-center gap-2 short-slide:gap-1 ${className}`}
      >
        <LikeButton
          post={post}
          loginKey={kind === 'image' ? 'feed.likeImageLogin' : 'feed.likeLogin'}
        />
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
        <CommentsSheet postId={post._id} count={post.commentsCount} onClose={close} />
      )}
      {panel === 'share' &&
        (kind === 'image' ? (
          <ImageShareDialog postId={post._id} onClose={close} />
        ) : (
          <ShareMenu postId={post._id} title={post.title} onClose={close} />
        ))}
      {report.modal}
    </>
  );
}
