import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Film, UserX } from 'lucide-react';
import { ApiError } from '../../api/errors';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/formatDate';
import { Spinner } from '../../ui/Spinner';
import { useSession } from '../../api/session';
import { FollowButton, useFollowStats } from '../follows';
import { PostPlayerModal } from './PostPlayerModal';
import { StatCounts } from './StatCounts';
import { useProfile } from './useProfile';
import { VideoThumb } from './VideoThumb';

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <UserX aria-hidden className="size-14 text-stone-400" />
      <h1 className="text-2xl font-bold">{t('profile.notFound')}</h1>
      <Button onClick={() => void navigate(-1)}>
        <ArrowLeft aria-hidden className="size-5" />
        {t('profile.goBack')}
      </Button>
    </section>
  );
}

/** Another user's profile (/user/profile/:userId). One's own id goes to /my/profile. */
export function UserProfileScreen() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const { user } = useSession();
  const isSelf = user?._id === userId;
  const profile = useProfile(userId, !isSelf);
  const stats = useFollowStats(userId);
  const [openId, setOpenId] = useState<string | null>(null);

  if (isSelf) return <Navigate to="/my/profile" replace />;
  if (profile.isPending) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-16 text-lg">
        <Spinner className="size-6" /> {t('profile.loading')}
      </p>
    );
  }
  if (profile.isError) {
    const error = profile.error;
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return <NotFound />;
    }
    return (
      <section className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <p className="text-lg">{t('profile.loadFailed')}</p>
        <Button variant="secondary" onClick={() => void profile.refetch()}>
          {t('feed.retry')}
        </Button>
      </section>
    );
  }

  const { user: person, followStats, videos } = profile.data.profile;
  const name = person.name.trim() || t('feed.unknownUser');
  const open = videos.find((video) => video._id === openId);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <header className="flex items-baseline justify-between gap-2 px-1">
        <h1 className="truncate text-2xl font-bold">{name}</h1>
        <span className="shrink-0 text-stone-600">
          {t('profile.videoCount', { count: followStats.videosCount })}
        </span>
      </header>
      <section className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm">
        <div className="flex items-center gap-4">
          <Avatar src={person.profileImage.url} className="size-20" />
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="truncate text-xl font-bold">{name}</span>
            <span className="text-stone-600">
              {t(`feed.usertype.${person.usertype}`, { defaultValue: t('feed.usertype.user') })}
            </span>
            <span className="text-sm text-stone-600">
              {t('profile.joined', { date: formatDate(person.createdAt, i18n.language) })}
            </span>
          </div>
        </div>
        <FollowButton userId={person._id} className="min-h-12 w-full text-base" />
        <StatCounts
          stats={[
            { key: 'videos', labelKey: 'profile.videos', value: followStats.videosCount },
            {
              key: 'followers',
              labelKey: 'profile.followers',
              value: stats.data?.followersCount ?? followStats.followersCount,
            },
            {
              key: 'following',
              labelKey: 'profile.following',
              value: stats.data?.followingCount ?? followStats.followingCount,
            },
          ]}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="flex items-center gap-2 px-1 text-lg font-bold">
          <Film aria-hidden className="size-5" /> {t('profile.videosTab')}
        </h2>
        {videos.length === 0 ? (
          <div className="rounded-2xl bg-white p-6 text-center shadow-sm">
            <p className="text-lg font-bold">{t('profile.noVideos')}</p>
            <p className="text-stone-600">{t('profile.noVideosOther')}</p>
          </div>
        ) : (
          <div className="grid grid-cols-3 gap-1.5">
            {videos.map((video) => (
              <VideoThumb key={video._id} post={video} onOpen={() => setOpenId(video._id)} />
            ))}
          </div>
        )}
      </section>
      {open && <PostPlayerModal post={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
