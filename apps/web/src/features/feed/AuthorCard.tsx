import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PublicAuthor } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';

interface AuthorCardProps {
  /** Undefined while the post is still loading: placeholder bars instead. */
  author: PublicAuthor | undefined;
  className?: string;
}

/** The uploader: photo, name and account type; tapping opens their profile. */
export function AuthorCard({ author, className = '' }: AuthorCardProps) {
  const { t } = useTranslation();
  const box = `flex max-w-full items-center gap-3 rounded-2xl bg-black/45 py-2 pr-4 pl-2 text-white backdrop-blur-sm ${className}`;
  if (!author) {
    return (
      <div className={box} aria-hidden data-testid="author-placeholder">
        <span className="size-11 shrink-0 animate-pulse rounded-full bg-white/30" />
        <span className="flex flex-col gap-2">
          <span className="h-3.5 w-28 animate-pulse rounded bg-white/30" />
          <span className="h-3 w-16 animate-pulse rounded bg-white/30" />
        </span>
      </div>
    );
  }
  const name = author.name.trim() || t('feed.unknownUser');
  return (
    <Link to={`/user/profile/${author._id}`} className={box}>
      <Avatar src={author.profileImage.url} className="size-11 border-2 border-white/80" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-base leading-tight font-bold">{name}</span>
        <span className="truncate text-sm text-white/85">
          {t(`feed.usertype.${author.usertype}`, { defaultValue: t('feed.usertype.user') })}
        </span>
      </span>
    </Link>
  );
}
