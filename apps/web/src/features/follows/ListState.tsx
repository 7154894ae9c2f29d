import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Empty, LoadFailed, Loading } from '../../ui/ListStates';

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
  if (props.loading) return <Loading text={t('follows.loading')} />;
  if (props.failed) {
    return (
      <LoadFailed text={t('follows.loadFailed')} retry={t('feed.retry')} onRetry={props.onRetry} />
    );
  }
  if (props.empty) return <Empty text={props.emptyText} />;
  if (!props.hasMore) return null;
  return (
    <Button variant="ghost" block loading={props.loadingMore} onClick={props.onMore}>
      {t('follows.loadMore')}
    </Button>
  );
}
