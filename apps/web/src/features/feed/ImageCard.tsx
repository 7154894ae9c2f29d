import { useTranslation } from 'react-i18next';
import type { Product } from '@saathi/contract';
import { AuthorCard } from './AuthorCard';
import type { PostImage } from './feedItems';
import { PostActions } from './PostActions';
import { PostCaption } from './PostCaption';

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
        className="absolute top-3 left-3 z-10 md:top-auto md:bottom-20"
      />
      <PostCaption post={post} className="absolute right-21 bottom-4 left-3 z-10 md:bottom-36" />
      <PostActions post={post} kind="image" className="bottom-4" />
    </>
  );
}
