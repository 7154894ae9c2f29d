import { useTranslation } from 'react-i18next';
import { FileText, Image as ImageIcon, Trash2, Eye } from 'lucide-react';
import type { PersonalDocument } from '@saathi/contract';
import { formatDate } from '../../ui/formatDate';
import { Spinner } from '../../ui/Spinner';
import { expiryState } from './documentRules';

interface DocumentRowProps {
  document: PersonalDocument;
  now: Date;
  opening: boolean;
  deleting: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

const expiryClass = {
  none: '',
  ok: 'text-stone-700',
  soon: 'bg-amber-100 text-amber-900',
  expired: 'bg-red-100 text-red-800',
} as const;

export function DocumentRow({
  document,
  now,
  opening,
  deleting,
  onOpen,
  onDelete,
}: DocumentRowProps) {
  const { t, i18n } = useTranslation('vault');
  const expiry = expiryState(document.expiresOn, now);
  const Icon = document.file.mime.startsWith('image/') ? ImageIcon : FileText;
  const flag =
    expiry.kind === 'expired'
      ? t('list.expired')
      : expiry.kind === 'soon'
        ? expiry.days === 0
          ? t('list.expiresToday')
          : t('list.expiringSoon', { count: expiry.days })
        : null;
  return (
    <li
      data-testid="document-row"
      className={`flex flex-col gap-2 rounded-xl border-2 p-3 ${expiry.kind === 'expired' ? 'border-red-300' : expiry.kind === 'soon' ? 'border-amber-300' : 'border-stone-200'}`}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden className="mt-1 size-6 shrink-0 text-brand" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="w-fit rounded-md bg-orange-50 px-2 py-0.5 text-sm font-semibold text-brand-dark">
            {t(`types.${document.documentType}`)}
          </span>
          <span className="text-lg font-bold break-words">{document.documentName}</span>
          {document.description && (
            <span className="text-base break-words text-stone-700">{document.description}</span>
          )}
          <span className="truncate text-sm text-stone-600">{document.file.name}</span>
          <span className="text-sm text-stone-600">
            {t('list.added', { date: formatDate(document.createdAt, i18n.language) })}
          </span>
          {document.expiresOn && (
            <span
              className={`w-fit rounded-md px-2 py-0.5 text-sm font-semibold ${expiryClass[expiry.kind]}`}
            >
              {t('list.expires', {
                date: formatDate(`${document.expiresOn}T00:00:00`, i18n.language),
              })}
              {flag && ` · ${flag}`}
            </span>
          )}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          onClick={onOpen}
          disabled={opening}
          aria-label={`${t('list.open')}: ${document.documentName}`}
          className="flex min-h-12 items-center justify-center gap-2 rounded-xl bg-orange-50 px-2 font-semibold text-brand disabled:opacity-60"
        >
          {opening ? <Spinner /> : <Eye aria-hidden className="size-5" />}
          {opening ? t('list.opening') : t('list.open')}
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`${t('list.delete')}: ${document.documentName}`}
          className="flex min-h-12 items-center justify-center gap-2 rounded-xl px-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden className="size-5" />}
          {t('list.delete')}
        </button>
      </div>
    </li>
  );
}
