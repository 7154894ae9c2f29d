import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';

/** Full screen while a post uploads: real progress from the upload, and a way out. */
export function UploadOverlay({ progress, onCancel }: { progress: number; onCancel: () => void }) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="upload-title"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-5 bg-black/80 p-6 text-white"
    >
      <Spinner className="size-12" />
      <h2 id="upload-title" className="text-2xl font-bold">
        {t('post.uploading')}
      </h2>
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('post.uploading')}
        className="h-3 w-full max-w-xs overflow-hidden rounded-full bg-white/25"
      >
        <div className="h-full bg-orange-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-lg">{t('post.progress', { percent })}</p>
      <Button variant="secondary" onClick={onCancel}>
        {t('post.cancel')}
      </Button>
    </div>
  );
}
