import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed, LoadMore } from '../ListStates';
import { Empty, Loading } from '../../../ui/ListStates';
import { useAuditLog } from '../adminApi';
import { AuditRow } from './AuditRow';

/** /admin/audit: every admin action, newest first, by action. */
export function AuditScreen() {
  const { t } = useTranslation('admin');
  const [action, setAction] = useState('');
  const log = useAuditLog(action);
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const actions = log.data?.pages[0]?.actions ?? [];

  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">{t('audit.title')}</h1>
      <label className="flex flex-col gap-1 font-medium">
        {t('audit.filter')}
        <select
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className="min-h-12 rounded-xl border-2 border-stone-300 bg-white px-3"
        >
          <option value="">{t('audit.allActions')}</option>
          {(actions.includes(action) || !action ? actions : [action, ...actions]).map((a) => (
            <option key={a} value={a}>
              {t(`audit.actions.${a}`, { defaultValue: a })}
            </option>
          ))}
        </select>
      </label>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <LoadFailed
          error={log.error}
          fallbackKey="admin:loadFailed"
          onRetry={() => void log.refetch()}
        />
      ) : entries.length === 0 ? (
        <Empty text={t('audit.empty')} />
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t('audit.title')}>
          {entries.map((entry) => (
            <AuditRow key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
      <LoadMore query={log} />
    </div>
  );
}
