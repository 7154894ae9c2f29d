import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar, Heart, Link2, MapPin, MessageCircle, Share2, X } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { Dialog } from '../../ui/Dialog';
import { formatCount } from '../../ui/formatCount';
import { formatDate } from '../../ui/formatDate';
import { copyText } from '../../ui/copyText';
import { showToast } from '../../ui/toastStore';
import { canShareNatively, postLink, shareNatively, useLike } from '../feed';
import { usePostTitle } from './VideoThumb';

const actionClass =
  'flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white/15 px-2 text-sm font-semibold';

interface PostPlayerModalProps {
  post: Product;
  onClose: () => void;
}

/**
 * A profile video, full screen. The spec's old Like here only counted up; this one is the
 * feed's real toggle through the same queue, so the two screens always agree.
 */
export function PostPlayerModal({ post, onClose }: PostPlayerModalProps) {
  const { t, i18n } = useTranslation();
  const title = usePostTitle()(post);
  const like = useLike(post, 'feed.likeLogin');
  const link = postLink(post._id);
  const id = useId();

  async function copyLink() {
    if (await copyText(link)) showToast('success', t('share.linkCopied'));
    else showToast('error', t('share.copyFailed'));
  }
  return (
    <Dialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      className="m-0 size-full max-h-none max-w-none bg-black text-white"
      bodyClassName="flex size-full flex-col"
    >
      <div className="flex items-center gap-2 p-2">
        <h2 id={`${id}-title`} className="min-w-0 flex-1 truncate px-2 text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('share.close')}
          className="flex size-12 items-center justify-center rounded-full hover:bg-white/10"
        >
          <X aria-hidden className="size-7" />
        </button>
      </div>
      <div className="relative min-h-0 flex-1">
        {post.video ? (
          <video
            src={post.video.url}
            poster={post.video.posterUrl}
            controls
            autoPlay
            playsInline
            loop
            className="absolute inset-0 size-full object-contain"
          />
        ) : (
          <img
            src={post.images[0]?.url}
            alt=""
            className="absolute inset-0 size-full object-contain"
          />
        )}
      </div>
      <div className="flex flex-col gap-2 p-3">
        {post.caption && <p className="line-clamp-3 whitespace-pre-line">{post.caption}</p>}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-white/80">
          {post.location && (
            <span className="flex items-center gap-1">
              <MapPin aria-hidden className="size-4" /> {post.location}
            </span>
          )}
          <span className="flex items-center gap-1">
            <Calendar aria-hidden className="size-4" /> {formatDate(post.createdAt, i18n.language)}
          </span>
          <span className="flex items-center gap-1">
            <MessageCircle aria-hidden className="size-4" />
            {t('profile.commentsCount', {
              count: post.commentsCount,
              formatted: formatCount(post.commentsCount),
            })}
          </span>
        </p>
        <div className="grid auto-cols-fr grid-flow-col gap-2">
          <button
            type="button"
            onClick={like}
            aria-pressed={post.likedByMe}
            aria-label={t('feed.likeLabel', { shown: formatCount(post.likes) })}
            className={actionClass}
          >
            <Heart
              aria-hidden
              className={`size-6 ${post.likedByMe ? 'fill-red-500 text-red-500' : ''}`}
            />
            {formatCount(post.likes)}
          </button>
          {canShareNatively() && (
            <button
              type="button"
              onClick={() =>
                void shareNatively({ title, url: link }).catch(() =>
                  showToast('error', t('share.failed')),
                )
              }
              className={actionClass}
            >
              <Share2 aria-hidden className="size-6" />
              {t('feed.share')}
            </button>
          )}
          <button type="button" onClick={() => void copyLink()} className={actionClass}>
            <Link2 aria-hidden className="size-6" />
            {t('share.copyLink')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
