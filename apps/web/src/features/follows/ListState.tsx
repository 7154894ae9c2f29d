import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

interface ListStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
  onRetry: () => void;
}

/** Loading, failure, empty and 'Load more' for the follow lists. */
export function ListState(props: ListStateProps) {
  const { t } = useTranslation();
  if (props.loading) {
    return (
      <p className="flex items-center justify-center gap-2 py-6 text-stone-600">
        <Spinner /> {t('follows.loading')}
      </p>
    );
  }
  if (props.failed) {
    return (
      <div className="flex flex-col items-center gap-2 py-4 text-center">
        <p className="text-stone-700">{t('follows.loadFailed')}</p>
        <Button variant="ghost" onClick={props.onRetry}>
          {t('feed.retry')}
        </Button>
      </div>
    );
  }
  if (props.empty) return <p className="py-6 text-center text-stone-600">{props.emptyText}</p>;
  if (!props.hasMore) return null;
  return (
    <Button variant="ghost" block loading={props.loadingMore} onClick={props.onMore}>
      {t('follows.loadMore')}
    </Button>
  );
}
