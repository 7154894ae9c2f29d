import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, Trash2 } from 'lucide-react';
import { Spinner } from '../../ui/Spinner';
import { formatDateTime } from '../../ui/formatDate';
import { useLatestExport } from './accountApi';
import { ExportDialog } from './ExportDialog';

const rowClass =
  'flex min-h-14 items-center gap-3 rounded-xl border border-stone-200 px-4 text-left font-semibold hover:bg-stone-50';

/** Where the latest archive stands: being prepared, ready to download, or failed. */
function ExportState() {
  const { t, i18n } = useTranslation('account');
  const latest = useLatestExport().data?.export;
  if (!latest) return null;
  if (latest.status === 'building') {
    return (
      <p role="status" className="flex items-center gap-2 text-stone-700">
        <Spinner className="size-5" /> {t('export.building')}
      </p>
    );
  }
  if (latest.status === 'failed' || !latest.url || !latest.expiresAt) {
    return <p className="text-red-700">{t('export.failed')}</p>;
  }
  return (
    <a
      href={latest.url}
      download
      data-testid="export-download"
      className="flex min-h-12 items-center gap-2 font-semibold text-emerald-800 underline"
    >
      <Download aria-hidden className="size-5" />
      {t('export.ready', { time: formatDateTime(latest.expiresAt, i18n.language) })}
    </a>
  );
}

/** The profile's 'Your data' settings: the owner's rights over their data (DPDP Act 2023). */
export function YourDataSection() {
  const { t } = useTranslation('account');
  const [exporting, setExporting] = useState(false);
  return (
    <section
      aria-labelledby="your-data"
      className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="your-data" className="text-lg font-bold">
        {t('section.title')}
      </h2>
      <button type="button" className={rowClass} onClick={() => setExporting(true)}>
        <Download aria-hidden className="size-6 shrink-0 text-brand" />
        {t('section.download')}
      </button>
      <ExportState />
      <Link to="/my/account/delete" className={`${rowClass} text-red-700`}>
        <Trash2 aria-hidden className="size-6 shrink-0" />
        {t('section.delete')}
      </Link>
      {exporting && <ExportDialog onClose={() => setExporting(false)} />}
    </section>
  );
}
