import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Clapperboard, Plus } from 'lucide-react';
import { FeedList } from './FeedList';
import { ProcessingBanner } from './ProcessingBanner';

function EmptyFeed() {
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

/** The home feed: the viewer's pending posts, then the full-height list of videos and images. */
export function FeedScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // The layout keeps 5rem below for the 4rem navigation bar: -mb-4 reaches down to the bar.
  return (
    <div className="relative mx-auto -mb-4 flex h-[calc(100dvh-7.5rem)] max-w-xl flex-col md:mb-0 md:h-[calc(100dvh-6.5rem)]">
      <h1 className="sr-only">{t('nav.feed')}</h1>
      <ProcessingBanner />
      <div className="relative min-h-0 flex-1">
        <FeedList emergency={false} sharedId={search.get('v')} empty={<EmptyFeed />} />
        {/* Top right, beside the author card (which stops short of it): lower down it sat on
            the action column's like button on a 360x640 phone. */}
        <Link
          to="/post/video"
          aria-label={t('feed.post')}
          className="absolute top-3 right-3 z-20 flex size-12 items-center justify-center rounded-full bg-brand text-white shadow-lg"
        >
          <Plus aria-hidden className="size-7" />
        </Link>
      </div>
    </div>
  );
}
