import { useTranslation } from 'react-i18next';
import { Heart, Images } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { formatCount } from '../../ui/formatCount';

/** The title a post shows in grids and the player: spec fallback 'Untitled Video'. */
export function usePostTitle(): (post: Product) => string {
  const { t } = useTranslation();
  return (post) => post.title.trim() || t('profile.untitled');
}

/** A poster tile in another user's grid: only the picture and the likes, to save data. */
export function VideoThumb({ post, onOpen }: { post: Product; onOpen: () => void }) {
  const title = usePostTitle()(post);
  // A third of the screen wide: the small poster is plenty.
  const picture = post.video?.posterSmallUrl ?? post.images[0]?.url;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={title}
      className="relative aspect-[9/16] overflow-hidden rounded-lg bg-stone-800 text-white"
    >
      {picture && (
        <img
          src={picture}
          alt=""
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
        />
      )}
      {!post.video && (
        <Images aria-hidden className="absolute top-1.5 right-1.5 size-5 drop-shadow" />
      )}
      <span className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-gradient-to-t from-black/70 px-2 pt-4 pb-1 text-sm font-semibold">
        <Heart aria-hidden className="size-4" />
        {formatCount(post.likes)}
      </span>
    </button>
  );
}
