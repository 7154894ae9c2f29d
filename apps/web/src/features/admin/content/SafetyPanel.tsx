import { useTranslation } from 'react-i18next';
import { storedReasonText } from '../../../api/storedReasonText';
import { formatDateTime } from '../../../ui/formatDate';
import { Badge } from '../../../ui/Badge';
import { ContentPanel } from './ContentPanel';
import { SafetyForm } from './SafetyForm';
import { useAdminSafety, useDeleteSafety } from './contentApi';

const tone = { processing: 'amber', ready: 'green', failed: 'red' } as const;

/** Every safety caution with its processing state; drivers see only the ready ones. */
export function SafetyPanel() {
  const { t, i18n } = useTranslation('admin-content');
  const list = useAdminSafety();
  return (
    <ContentPanel
      list={list}
      items={list.data?.cautions}
      addLabel={t('safety.add')}
      emptyText={t('safety.empty')}
      listClassName="grid gap-3 sm:grid-cols-2"
      deleteTitle={() => t('safety.deleteTitle')}
      remove={useDeleteSafety()}
      renderForm={(caution, onClose) => <SafetyForm caution={caution} onClose={onClose} />}
      renderItem={(c, actions) => (
        <li
          key={c._id}
          data-testid="safety-item"
          className="flex flex-col gap-2 overflow-hidden rounded-2xl border border-stone-200 bg-white"
        >
          {c.image && (
            <img src={c.image} alt="" loading="lazy" className="aspect-video w-full object-cover" />
          )}
          {c.video && (
            <video
              controls
              preload="metadata"
              playsInline
              poster={c.poster ?? undefined}
              src={c.video}
              className="aspect-video w-full bg-black"
            />
          )}
          <div className="flex flex-col gap-2 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={tone[c.status]}>{t(`safety.status.${c.status}`)}</Badge>
              <time dateTime={c.createdAt} className="text-sm text-stone-600">
                {formatDateTime(c.createdAt, i18n.language)}
              </time>
            </div>
            {c.status === 'failed' && c.failureReason && (
              <p className="text-sm text-red-700">{storedReasonText(c.failureReason)}</p>
            )}
            <p className="whitespace-pre-line">{c.note}</p>
            {actions}
          </div>
        </li>
      )}
    />
  );
}
