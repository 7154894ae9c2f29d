import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Clapperboard, Plus } from 'lucide-react';

/** The feed's empty state; the video list itself arrives with the feed feature. */
export function FeedScreen() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-12 text-center">
      <Clapperboard aria-hidden className="size-16 text-stone-400" />
      <h1 className="text-2xl font-bold">{t('feed.empty')}</h1>
      <p className="text-lg text-stone-700">{t('feed.emptyHint')}</p>
      <Link
        to="/post/video"
        className="flex min-h-12 items-center gap-2 rounded-xl bg-brand px-5 text-base font-semibold text-white"
      >
        <Plus aria-hidden className="size-5" />
        {t('feed.post')}
      </Link>
    </section>
  );
}
