import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import type { AnyTextKey } from '../../i18n/resources';
import * as list from '../../ui/ListStates';

/** A console list that failed, in the server's words when it sent some, with a way to try again. */
export function LoadFailed({
  error,
  fallbackKey,
  onRetry,
}: {
  error: unknown;
  fallbackKey: AnyTextKey;
  onRetry: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <list.LoadFailed text={errorText(error, fallbackKey)} retry={t('retry')} onRetry={onRetry} />
  );
}

/** The next page, in the console's words. */
export function LoadMore({ query }: { query: Parameters<typeof list.LoadMore>[0]['query'] }) {
  const { t } = useTranslation('admin');
  return <list.LoadMore query={query} text={t('loadMore')} />;
}
