import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** The console's loading, failed, empty and "load more" states, the same on every screen. */
export function Loading() {
  return (
    <p role="status" className="flex justify-center py-10">
      <Spinner />
    </p>
  );
}

/** What failed, in the server's words when it sent some, with a way to try again. */
export function LoadFailed({
  error,
  fallbackKey,
  onRetry,
}: {
  error: unknown;
  fallbackKey: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col items-center gap-3 py-6 text-center">
      <p role="alert" className="text-red-700">
        {errorText(error, fallbackKey)}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <p className="py-6 text-center text-lg text-stone-600">{text}</p>;
}

/** The next page of an infinite query, when there is one. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('loadMore')}
    </Button>
  );
}
