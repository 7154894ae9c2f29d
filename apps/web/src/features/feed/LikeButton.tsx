import { useTranslation } from 'react-i18next';
import { Heart } from 'lucide-react';
import type { Product } from '@saathi/contract';
import type { TextKey } from '../../i18n/resources';
import { formatCount } from '../../ui/formatCount';
import { ActionButton } from './ActionButton';
import { useLike } from './useLike';

interface LikeButtonProps {
  post: Product;
  /** 'feed.likeLogin' on videos, 'feed.likeImageLogin' on images. */
  loginKey: TextKey;
}

export function LikeButton({ post, loginKey }: LikeButtonProps) {
  const { t } = useTranslation();
  const toggle = useLike(post, loginKey);
  return (
    <ActionButton
      onClick={toggle}
      aria-pressed={post.likedByMe}
      aria-label={t('feed.likeLabel', { shown: formatCount(post.likes) })}
      caption={formatCount(post.likes)}
      icon={
        <Heart
          aria-hidden
          className={`size-7 ${post.likedByMe ? 'fill-red-500 text-red-500' : ''}`}
        />
      }
    />
  );
}
