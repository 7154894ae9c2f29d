import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import type { HelpQueueFilter, HelpRequestView } from '@saathi/contract';
import { Button } from '../../../ui/Button';
import { LoadFailed, LoadMore } from '../ListStates';
import { Empty, Loading } from '../../../ui/ListStates';
import { Tabs } from '../../../ui/Tabs';
import { useAdminStream } from '../useAdminStream';
import { adminKeys } from '../adminKeys';
import { useHelpQueue } from './adminHelpApi';
import { alertArmed, announceArrival, armArrivalAlert } from './arrivalAlert';
import { HelpRequestCard } from './HelpRequestCard';
import { TeamNumbersPanel } from './TeamNumbersPanel';

const tabs = ['active', 'resolved', 'all'] as const satisfies readonly HelpQueueFilter[];

/** /admin/help: the live queue of help requests, and the team numbers drivers call. */
export function AdminHelpScreen() {
  const { t } = useTranslation('adminHelp');
  const client = useQueryClient();
  const [filter, setFilter] = useState<(typeof tabs)[number]>('active');
  const [armed, setArmed] = useState(alertArmed);
  const queue = useHelpQueue(filter);
  // Requests this console has shown or announced, with how many times the driver had asked.
  // Every change to a request comes on the stream too (a note on an open one): only a request
  // not in here, or one the driver asked for again, is news.
  const known = useRef(new Map<string, number>());
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !queue.data) return;
    seeded.current = true;
    for (const page of queue.data.pages) {
      for (const r of page.requests) known.current.set(r._id, r.repeatCount);
    }
  }, [queue.data]);

  useAdminStream({
    reopened: () => void client.invalidateQueries({ queryKey: adminKeys.help }),
    help_request: (request: HelpRequestView) => {
      void client.invalidateQueries({ queryKey: adminKeys.help });
      const before = known.current.get(request._id);
      known.current.set(request._id, Math.max(before ?? 0, request.repeatCount));
      if (before !== undefined && request.repeatCount <= before) return;
      if (request.status === 'resolved' || (before === undefined && request.status !== 'open')) {
        return;
      }
      const title =
        before === undefined
          ? t('arrived', { name: request.user.name })
          : t('repeated', { name: request.user.name, count: request.repeatCount });
      announceArrival(
        title,
        [request.location, request.contactName || request.helpnumber].filter(Boolean).join(' · '),
      );
    },
  });

  const requests = queue.data?.pages.flatMap((p) => p.requests) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="flex-1 text-2xl font-bold">{t('title')}</h1>
        {!armed && (
          <Button
            variant="secondary"
            onClick={() => {
              armArrivalAlert();
              setArmed(true);
            }}
          >
            <BellRing aria-hidden className="size-5" />
            {t('enableAlerts')}
          </Button>
        )}
      </div>
      <Tabs tabs={tabs} current={filter} label={(tab) => t(`tabs.${tab}`)} onChoose={setFilter} />
      {queue.isPending && <Loading />}
      {queue.isError && (
        <LoadFailed
          error={queue.error}
          fallbackKey="admin:loadFailed"
          onRetry={() => void queue.refetch()}
        />
      )}
      {queue.isSuccess && requests.length === 0 && <Empty text={t('empty')} />}
      <ul className="flex flex-col gap-3" aria-live="polite">
        {requests.map((request) => (
          <HelpRequestCard key={request._id} request={request} />
        ))}
      </ul>
      <LoadMore query={queue} />
      <hr className="border-stone-200" />
      <TeamNumbersPanel />
    </div>
  );
}
