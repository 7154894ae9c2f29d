import { useEffect, useMemo, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { postKeys } from '../../api/keys/postKeys';
import { Button } from '../../ui/Button';
import { SavedBanner } from '../../ui/SavedBanner';
import { Spinner } from '../../ui/Spinner';
import { errorText } from '../../api/errorText';
import { showToast } from '../../ui/toastStore';
import { AuthorCard } from './AuthorCard';
import { FeedNavigator } from './FeedNavigator';
import { feedItems, type FeedItem } from './feedItems';
import { ImageCard } from './ImageCard';
import { useFeed, useSharedPost } from './posts';
import { itemMode, itemWindow } from './preloadPolicy';
import { swipeDirection, type SwipeStart } from './swipe';
import { useActiveIndex } from './useActiveIndex';
import { VideoCard } from './VideoCard';
import { markVideoViewed } from './viewedVideos';

interface FeedListProps {
  emergency: boolean;
  /** A shared link's post (?v=id), put first. */
  sharedId: string | null;
  empty: ReactNode;
}

/** The next page is fetched when the viewer is this many items from the end. */
const prefetchItems = 2;

interface ItemViewProps {
  item: FeedItem;
  distance: number;
  /** The current video plays with seconds in hand (or the current item is a photo). */
  nextMayLoad: boolean;
  onSettled: (postId: string) => void;
}

function ItemView({ item, distance, nextMayLoad, onSettled }: ItemViewProps) {
  const mode = itemMode(distance, nextMayLoad);
  // Two away: an empty frame that holds the place; its picture waits until it is next.
  if (mode === 'blank') return null;
  if (item.kind === 'image') {
    return (
      <ImageCard
        post={item.post}
        image={item.image}
        index={item.index}
        near={mode === 'play' || mode === 'preload'}
      />
    );
  }
  return (
    <VideoCard
      post={item.post}
      mode={mode}
      onSettled={mode === 'play' ? () => onSettled(item.post._id) : undefined}
    />
  );
}

function LoadingCard() {
  const { t } = useTranslation();
  return (
    <div className="relative flex h-full items-center justify-center bg-stone-900 text-white">
      <AuthorCard author={undefined} className="absolute top-3 left-3" />
      <p role="status" className="flex items-center gap-3 text-lg">
        <Spinner className="size-6" /> {t('feed.loading')}
      </p>
    </div>
  );
}

export function FeedList({ emergency, sharedId, empty }: FeedListProps) {
  const { t } = useTranslation();
  const feed = useFeed(emergency);
  const shared = useSharedPost(sharedId);
  const listRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<SwipeStart | null>(null);
  const [touches, setTouches] = useState(0);
  /** The post whose video plays with enough buffered that the next may download. */
  const [settledPost, setSettledPost] = useState<string | null>(null);

  const items = useMemo(
    () =>
      feedItems([
        ...(shared.data ? [shared.data.product] : []),
        ...(feed.data?.pages.flatMap((page) => page.products) ?? []),
      ]),
    [shared.data, feed.data],
  );
  const active = useActiveIndex(listRef, items.length);
  const current = items[active];
  const nextMayLoad = current?.kind !== 'video' || settledPost === current.post._id;
  // Only a window of items is in the page, so memory stays flat however far one goes; the
  // spacer stands for the ones above, so the scroll position holds as the window moves.
  const { first, last } = itemWindow(active, items.length);

  useEffect(() => {
    if (shared.isError) showToast('error', errorText(shared.error, 'errors.post_not_found'));
  }, [shared.isError, shared.error]);

  useEffect(() => {
    if (current?.kind === 'video') markVideoViewed(current.post._id);
  }, [current]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && active >= items.length - 1 - prefetchItems) {
      void fetchNextPage();
    }
  }, [active, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  function move(step: 1 | -1) {
    const target = listRef.current?.querySelector(`[data-index="${active + step}"]`);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function onTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    if (!touch) return;
    const onVideo = event.target instanceof Element && event.target.closest('video') !== null;
    swipeStart.current = { x: touch.clientX, y: touch.clientY, onVideo };
    setTouches((n) => n + 1);
  }

  function onTouchEnd(event: TouchEvent) {
    const touch = event.changedTouches[0];
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!touch || !start) return;
    const step = swipeDirection(start, touch.clientX, touch.clientY);
    if (step) move(step);
  }

  if (feed.isPending && !shared.data) return <LoadingCard />;
  if (feed.isError && items.length === 0) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center">
        <p role="alert" className="text-lg font-semibold text-red-700">
          {errorText(feed.error, 'feed.loadFailed')}
        </p>
        <Button onClick={() => void feed.refetch()}>{t('feed.retry')}</Button>
      </div>
    );
  }
  if (items.length === 0) return <>{empty}</>;

  return (
    <div className="relative flex h-full flex-col">
      {/* Above the list, not over it: the author and the post button keep their place. */}
      <SavedBanner queryKey={postKeys.feed(emergency)} className="m-2 justify-center" />
      <div
        ref={listRef}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        className="min-h-0 flex-1 snap-y snap-mandatory overflow-y-auto overscroll-contain"
      >
        {first > 0 && <div aria-hidden style={{ height: `${first * 100}%` }} />}
        {items.slice(first, last + 1).map((item, offset) => (
          <article
            key={item.key}
            data-index={first + offset}
            data-testid="feed-item"
            data-post={item.post._id}
            data-kind={item.kind}
            className="relative h-full w-full snap-start snap-always overflow-hidden bg-black [container:slide/size]"
          >
            <ItemView
              item={item}
              distance={first + offset - active}
              nextMayLoad={nextMayLoad}
              onSettled={setSettledPost}
            />
          </article>
        ))}
        {isFetchingNextPage && (
          <div className="flex h-16 items-center justify-center bg-black text-white">
            <Spinner />
          </div>
        )}
      </div>
      <FeedNavigator position={active} touches={touches} count={items.length} onMove={move} />
    </div>
  );
}
