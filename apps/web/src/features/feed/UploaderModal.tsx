import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Phone } from 'lucide-react';
import type { PublicAuthor } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';
import { formatCount } from '../../ui/formatCount';
import { Modal } from '../../ui/Modal';
import { FollowButton, useFollowStats } from '../follows';

interface UploaderModalProps {
  author: PublicAuthor;
  onClose: () => void;
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-t border-stone-200 py-2">
      <dt className="text-stone-600">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** The uploader at a glance, opened from the avatar on a video. */
export function UploaderModal({ author, onClose }: UploaderModalProps) {
  const { t } = useTranslation();
  const stats = useFollowStats(author._id);
  const name = author.name.trim() || t('feed.unknownUser');
  const usertype = t(`feed.usertype.${author.usertype}`, { defaultValue: t('feed.usertype.user') });
  const count = (value: number | undefined) => (value === undefined ? '–' : formatCount(value));
  return (
    <Modal title={name} onClose={onClose}>
      <div className="flex items-center gap-4">
        <Avatar src={author.profileImage.url} className="size-20" />
        <div className="flex min-w-0 flex-col gap-2">
          <span className="text-stone-600">{usertype}</span>
          <FollowButton userId={author._id} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 text-center">
        <div className="rounded-xl bg-stone-100 p-2">
          <div className="text-xl font-bold">{count(stats.data?.followersCount)}</div>
          <div className="text-sm text-stone-600">{t('profile.followers')}</div>
        </div>
        <div className="rounded-xl bg-stone-100 p-2">
          <div className="text-xl font-bold">{count(stats.data?.followingCount)}</div>
          <div className="text-sm text-stone-600">{t('profile.following')}</div>
        </div>
      </div>
      <dl>
        <InfoRow label={t('profile.userType')}>{usertype}</InfoRow>
        {author.number && (
          <InfoRow label={t('profile.contact')}>
            <a
              href={`tel:${author.number}`}
              className="inline-flex min-h-11 items-center gap-1 text-brand underline"
            >
              <Phone aria-hidden className="size-4" />
              {author.number}
            </a>
          </InfoRow>
        )}
      </dl>
      <Link
        to={`/user/profile/${author._id}`}
        className="flex min-h-12 items-center justify-center rounded-xl bg-brand px-5 font-semibold text-white"
      >
        {t('profile.viewFull')}
      </Link>
    </Modal>
  );
}
