import { useTranslation } from 'react-i18next';
import { RefreshCw } from 'lucide-react';
import { queryClient } from '../../../api/queryClient';
import { Button } from '../../../ui/Button';
import { LoadFailed, LoadMore } from '../ListStates';
import { Empty, Loading } from '../../../ui/ListStates';
import { useAdminStream } from '../useAdminStream';
import { ReportedPostCard } from './ReportedPostCard';
import { adminKeys } from '../adminKeys';
import { useReportQueue } from './reportsApi';

/** /admin/reports: reported posts, emergency ones first, with every reason. */
export function ReportsScreen() {
  const { t } = useTranslation('admin-reports');
  const queue = useReportQueue();
  // Another admin's decision or a new report changes the counts: read the queue again.
  useAdminStream({
    counts: () => void queryClient.invalidateQueries({ queryKey: adminKeys.reports }),
  });
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <Button
          variant="ghost"
          aria-label={t('refresh')}
          onClick={() => void queue.refetch()}
          loading={queue.isRefetching}
        >
          <RefreshCw aria-hidden className="size-5" />
        </Button>
      </div>
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <LoadFailed
          error={queue.error}
          fallbackKey="admin-reports:loadFailed"
          onRetry={() => void queue.refetch()}
        />
      ) : items.length === 0 ? (
        <Empty text={t('empty')} />
      ) : (
        <>
          {items.map((item) => (
            <ReportedPostCard key={item.post._id} item={item} />
          ))}
          <LoadMore query={queue} />
        </>
      )}
    </section>
  );
}
