import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Film, Upload } from 'lucide-react';
import { LoadFailed, Loading } from '../../ui/ListStates';
import { useDeletePost, useMyPosts } from '../feed';
import { MyVideoCard } from './MyVideoCard';

/** The My Videos grid with its count, in every state (processing and failed too). */
export function MyVideos() {
  const { t } = useTranslation();
  const posts = useMyPosts(true);
  const { deletePost, deleting } = useDeletePost();
  const list = posts.data?.products ?? [];
  return (
    <section className="flex flex-col gap-3">
      <h2 className="flex items-center gap-2 px-1 text-lg font-bold">
        <Film aria-hidden className="size-5" />
        {t('profile.myVideos', { count: list.length })}
      </h2>
      {posts.isPending ? (
        <Loading text={t('profile.loading')} />
      ) : posts.isError && list.length === 0 ? (
        <LoadFailed
          text={t('feed.loadFailed')}
          retry={t('feed.retry')}
          onRetry={() => void posts.refetch()}
        />
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm">
          <p className="text-lg font-bold">{t('profile.noVideos')}</p>
          <Link
            to="/post/video"
            className="flex min-h-12 items-center gap-2 rounded-xl bg-brand px-5 font-semibold text-white"
          >
            <Upload aria-hidden className="size-5" />
            {t('profile.uploadVideo')}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {list.map((post) => (
            <MyVideoCard
              key={post._id}
              post={post}
              deleting={deleting === post._id}
              onDelete={() => void deletePost(post._id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
