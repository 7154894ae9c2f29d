import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicAuthor } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';
import { formatCount } from '../../ui/formatCount';
import { FollowButton, useFollowStats } from '../follows';
import { UploaderModal } from './UploaderModal';

interface AuthorCardProps {
  /** Undefined while the post is still loading: placeholder bars instead. */
  author: PublicAuthor | undefined;
  className?: string;
}

function Counts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const stats = useFollowStats(userId);
  if (!stats.data)
    return <span aria-hidden className="mt-1 h-3 w-24 animate-pulse rounded bg-white/30" />;
  return (
    <span className="truncate text-xs text-white/85">
      {t('follows.counts', {
        count: stats.data.followersCount,
        followers: formatCount(stats.data.followersCount),
        following: formatCount(stats.data.followingCount),
      })}
    </span>
  );
}

/**
 * The uploader: the photo opens a quick profile card, the name opens the full profile,
 * and Follow sits beside them.
 */
export function AuthorCard({ author, className = '' }: AuthorCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Kept clear of the action rail (PostActions: w-18 at right-1): on a short slide (the
  // emergency feed under its SOS panel on a 360x740 phone) the rail reaches the top.
  const box = `flex max-w-[calc(100%-6rem)] items-center gap-2 rounded-2xl bg-black/45 py-1.5 pr-2 pl-1.5 text-white backdrop-blur-sm ${className}`;
  if (!author) {
    return (
      <div className={box} aria-hidden data-testid="author-placeholder">
        <span className="size-11 shrink-0 animate-pulse rounded-full bg-white/30" />
        <span className="flex flex-col gap-2 pr-2">
          <span className="h-3.5 w-28 animate-pulse rounded bg-white/30" />
          <span className="h-3 w-16 animate-pulse rounded bg-white/30" />
        </span>
      </div>
    );
  }
  const name = author.name.trim() || t('feed.unknownUser');
  // The modal is a sibling: inside the blurred card, `fixed` would be relative to the card.
  return (
    <>
      <div className={box}>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={t('profile.openUploader', { name })}
          className="shrink-0 rounded-full"
        >
          <Avatar src={author.profileImage.url} className="size-11 border-2 border-white/80" />
        </button>
        <Link
          to={`/user/profile/${author._id}`}
          className="flex min-h-11 min-w-0 flex-col justify-center"
        >
          <span className="truncate text-base leading-tight font-bold">{name}</span>
          <span className="truncate text-xs text-white/85">
            {t(`feed.usertype.${author.usertype}`, { defaultValue: t('feed.usertype.user') })}
          </span>
          <Counts userId={author._id} />
        </Link>
        <FollowButton userId={author._id} tone="onDark" compact className="min-h-10 px-3" />
      </div>
      {open && <UploaderModal author={author} onClose={() => setOpen(false)} />}
    </>
  );
}
