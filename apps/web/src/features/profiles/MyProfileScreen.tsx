import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogOut, MoreHorizontal, Pencil, Upload, UserPlus, type LucideIcon } from 'lucide-react';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { Avatar } from '../../ui/Avatar';
import { SavedBanner } from '../../ui/SavedBanner';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/formatDate';
import { Spinner } from '../../ui/Spinner';
import { logout } from '../auth';
import { DeletionBanner, YourDataSection } from '../account';
import { useSession } from '../../api/session';
import { DriveSafeSetting } from '../drive-safe';
import { DiscoverPeopleModal, FollowListModal, useFollowStats } from '../follows';
import { IdCardButton } from '../id-cards';
import { PersonalDocumentsButton } from '../vault';
import { DataSaverSetting } from './DataSaverSetting';
import { MoreOptionsDialog } from './MoreOptionsDialog';
import { MyVideos } from './MyVideos';
import { StatCounts } from './StatCounts';
import { UpdateProfileModal } from './UpdateProfileModal';

type Dialog = 'edit' | 'followers' | 'following' | 'discover' | 'more';

const actionClass =
  'flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 text-left font-semibold text-stone-900 shadow-sm hover:bg-orange-50';

function Action({
  icon: Icon,
  children,
  onClick,
}: {
  icon: LucideIcon;
  children: ReactNode;
  onClick: () => void;
}) {
  return (
    <button type="button" onClick={onClick} className={actionClass}>
      <Icon aria-hidden className="size-6 shrink-0 text-brand" />
      {children}
    </button>
  );
}

/** The signed-in user's own profile (/my/profile). */
export function MyProfileScreen() {
  const { t, i18n } = useTranslation();
  const { t: tv } = useTranslation('verification');
  const { user, isLoading, error } = useSession();
  const stats = useFollowStats(user?._id);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  // The account check gave up (no network, no answer in time, a server error): say so with the
  // spec's words and the reason, never spin for ever.
  if (!user && !isLoading) {
    const reason = errorText(error, 'profile.loadUserFailed');
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
        <p className="text-lg font-semibold text-red-700">{t('profile.loadUserFailed')}</p>
        {reason !== t('profile.loadUserFailed') && <p className="text-stone-700">{reason}</p>}
        <Button onClick={() => void queryClient.refetchQueries({ queryKey: meKeys.all })}>
          {t('feed.retry')}
        </Button>
      </div>
    );
  }
  if (!user) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-lg">
        <Spinner className="size-6" /> {t('profile.loading')}
      </p>
    );
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <h1 className="sr-only">{t('screens.myProfile')}</h1>
      <SavedBanner queryKey={meKeys.all} />
      {user.deletionDueAt && <DeletionBanner dueAt={user.deletionDueAt} />}
      <section className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm">
        <div className="flex items-center gap-4">
          <Avatar src={user.profileImage.url} className="size-20" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="truncate text-xl font-bold" data-testid="my-name">
              {user.name}
            </span>
            <span className="text-stone-700">{user.number}</span>
            {user.usertype === 'driver' && user.verification !== 'not_required' && (
              <span
                data-testid="my-verification"
                className={user.verification === 'rejected' ? 'text-red-700' : 'text-stone-700'}
              >
                {tv(user.verification)}
                {user.verification === 'rejected' && user.verificationNote
                  ? ` · ${tv('reason', { reason: user.verificationNote })}`
                  : ''}
              </span>
            )}
            <span className="text-sm text-stone-600">
              {t('profile.joined', { date: formatDate(user.createdAt, i18n.language) })}
            </span>
          </div>
        </div>
        <StatCounts
          stats={[
            {
              key: 'followers',
              labelKey: 'profile.followers',
              value: stats.data?.followersCount,
              onOpen: () => setDialog('followers'),
            },
            {
              key: 'following',
              labelKey: 'profile.following',
              value: stats.data?.followingCount,
              onOpen: () => setDialog('following'),
            },
          ]}
        />
      </section>
      <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2">
        <Action icon={Pencil} onClick={() => setDialog('edit')}>
          {t('profile.update')}
        </Action>
        <Link to="/post/video" className={actionClass}>
          <Upload aria-hidden className="size-6 shrink-0 text-brand" />
          {t('profile.uploadVideo')}
        </Link>
        <Action icon={UserPlus} onClick={() => setDialog('discover')}>
          {t('profile.discover')}
        </Action>
        <IdCardButton className={actionClass} />
        <PersonalDocumentsButton className={actionClass} />
        <Action icon={MoreHorizontal} onClick={() => setDialog('more')}>
          {t('profile.more.title')}
        </Action>
        <button
          type="button"
          onClick={() => void logout()}
          className={`${actionClass} text-red-700 min-[400px]:col-span-2`}
        >
          <LogOut aria-hidden className="size-6 shrink-0" />
          {t('profile.logout')}
        </button>
      </div>
      <DataSaverSetting />
      <DriveSafeSetting isDriver={user.usertype === 'driver'} />
      <YourDataSection />
      <MyVideos />
      {dialog === 'edit' && <UpdateProfileModal user={user} onClose={close} />}
      {(dialog === 'followers' || dialog === 'following') && (
        <FollowListModal kind={dialog} userId={user._id} onClose={close} />
      )}
      {dialog === 'discover' && <DiscoverPeopleModal onClose={close} />}
      {dialog === 'more' && <MoreOptionsDialog onClose={close} />}
    </div>
  );
}
