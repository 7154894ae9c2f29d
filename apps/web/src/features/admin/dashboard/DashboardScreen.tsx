import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Flag, LifeBuoy, UserCheck, type LucideIcon } from 'lucide-react';
import type { AttentionCounts } from '@saathi/contract';
import { LoadFailed } from '../ListStates';
import { Loading } from '../../../ui/ListStates';
import { setLiveCounts, useDashboard } from '../adminApi';
import { AuditRow } from '../audit/AuditRow';
import { useAdminStream } from '../useAdminStream';

const cards: { key: keyof AttentionCounts; to: string; icon: LucideIcon }[] = [
  { key: 'openHelpRequests', to: '/admin/help', icon: LifeBuoy },
  { key: 'openReports', to: '/admin/reports', icon: Flag },
  { key: 'pendingDrivers', to: '/admin/users?filter=pending', icon: UserCheck },
];

/** /admin: what needs the team now, kept live by the stream's `counts` event. */
export function DashboardScreen() {
  const { t } = useTranslation('admin');
  const dashboard = useDashboard();
  useAdminStream({ counts: setLiveCounts });

  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) {
    return (
      <LoadFailed
        error={dashboard.error}
        fallbackKey="admin:loadFailed"
        onRetry={() => void dashboard.refetch()}
      />
    );
  }
  const { counts, recent } = dashboard.data;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t('dashboard.title')}</h1>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {cards.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link
              to={to}
              data-testid={`count-${key}`}
              className={`flex min-h-24 items-center gap-4 rounded-2xl p-4 shadow-sm ${
                counts[key] > 0 ? 'bg-amber-50 ring-2 ring-amber-400' : 'bg-white'
              }`}
            >
              <Icon aria-hidden className="size-8 shrink-0 text-emerald-700" />
              <span className="flex flex-col">
                <span className="text-4xl font-bold tabular-nums" data-testid="count-value">
                  {counts[key]}
                </span>
                <span className="font-semibold text-stone-700">{t(`dashboard.${key}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{t('dashboard.recent')}</h2>
        {recent.length === 0 ? (
          <p className="text-stone-600">{t('audit.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {recent.map((entry) => (
              <AuditRow key={entry._id} entry={entry} />
            ))}
          </ul>
        )}
        <Link to="/admin/audit" className="min-h-11 py-2 font-semibold text-emerald-800 underline">
          {t('dashboard.allActivity')}
        </Link>
      </section>
    </div>
  );
}
