import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { hashKey, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { ApiError } from '../api/errors';
import { useOnline } from '../api/useOnline';

/**
 * Whether a screen shows its query's data from before, not from the server just now: the
 * phone is offline, or the last try got no answer (a stalled link still says online).
 */
export function useShowingSaved(queryKey: QueryKey): boolean {
  const client = useQueryClient();
  const online = useOnline();
  const hash = hashKey(queryKey);
  const state = useSyncExternalStore(
    (listener) => client.getQueryCache().subscribe(listener),
    () => client.getQueryCache().get(hash)?.state,
  );
  if (state?.data === undefined) return false;
  const { error } = state;
  return !online || (error instanceof ApiError && error.isNetwork);
}

/** "Offline, showing saved" above a screen that shows its saved copy (api/savedReading.ts). */
export function SavedBanner({
  queryKey,
  className = '',
}: {
  queryKey: QueryKey;
  className?: string;
}) {
  const { t } = useTranslation();
  const showing = useShowingSaved(queryKey);
  if (!showing) return null;
  return (
    <p
      role="status"
      data-testid="saved-banner"
      className={`flex items-center gap-2 rounded-xl bg-amber-100 px-3 py-2 font-semibold text-amber-950 ${className}`}
    >
      <CloudOff aria-hidden className="size-5 shrink-0" />
      {t('offline.saved')}
    </p>
  );
}
