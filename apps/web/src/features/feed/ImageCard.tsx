import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle, Share2 } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { formatCount } from '../../ui/formatCount';
import { ActionButton } from './ActionButton';
import { AuthorCard } from './AuthorCard';
import { CommentsSheet } from './CommentsSheet';
import type { PostImage } from './feedItems';
import { ImageShareDialog } from './ImageShareDialog';
import { LikeButton } from './LikeButton';
import { PostCaption } from './PostCaption';
import { useReportAction } from './useReportAction';

interface ImageCardProps {
  post: Product;
  image: PostImage;
  index: number;
  /** Near the screen: load now; far: let the browser wait. */
  near: boolean;
}

/** The image post view: one photo of a post, full screen, with its own actions. */
export function ImageCard({ post, image, index, near }: ImageCardProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<'comments' | 'share' | null>(null);
  const report = useReportAction(post._id, 'image');
  const name = post.user.name.trim() || t('feed.unknownUser');
  return (
    <>
      <img
        src={image.url}
        width={image.width || undefined}
        height={image.height || undefined}
        alt={t('feed.imageAlt', { n: index + 1, count: post.images.length, name })}
        loading={near ? 'eager' : 'lazy'}
        decoding="async"
        className="absolute inset-0 size-full object-contain"
      />
      <AuthorCard
        author={post.user}
        className="absolute top-3 left-3 z-10 max-w-[calc(100%-5rem)] md:top-auto md:bottom-20"
      />
      <PostCaption post={post} className="absolute right-21 bottom-4 left-3 z-10 md:bottom-36" />
      <div className="absolute right-1 bottom-4 z-10 flex flex-col items-center gap-2">
        <LikeButton post={post} loginKey="feed.likeImageLogin" />
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
      {panel === 'share' && <ImageShareDialog postId={post._id} onClose={() => setPanel(null)} />}
      {report.modal}
    </>
  );
}
