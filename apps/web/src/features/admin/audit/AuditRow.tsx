import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEntryView } from '@saathi/contract';
import { TimeAgo } from '../../../ui/TimeAgo';

/** One admin action: who did what to whom, why, and when. */
export function AuditRow({ entry }: { entry: AuditEntryView }) {
  const { t } = useTranslation('admin');
  const action = t(`audit.actions.${entry.action}`, { defaultValue: entry.action });
  // Users are named by the server; businesses and team numbers carry their name in details.
  const detailName = typeof entry.details?.name === 'string' ? entry.details.name : null;
  const kind = t(`audit.targets.${entry.targetType}`, { defaultValue: entry.targetType });
  const target = entry.targetName ?? (detailName ? `${kind} ${detailName}` : kind);
  return (
    <li className="flex flex-col gap-0.5 rounded-xl bg-white px-3 py-2 shadow-sm">
      <p className="text-stone-900">
        <span className="font-semibold">{entry.actor.name}</span> · {action}
        {target &&
          (entry.targetType === 'user' && entry.targetId ? (
            <>
              {' · '}
              <Link
                to={`/admin/users/${entry.targetId}`}
                className="font-semibold text-emerald-800 underline"
              >
                {target}
              </Link>
            </>
          ) : (
            ` · ${target}`
          ))}
      </p>
      {entry.reason && (
        <p className="text-stone-700">
          {t('audit.reason')}: {entry.reason}
        </p>
      )}
      <TimeAgo value={entry.createdAt} className="text-sm text-stone-700" />
    </li>
  );
}
