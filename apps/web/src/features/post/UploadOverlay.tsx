import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import type { UploadState } from '../uploads/resumableUpload';
import { UploadProgress } from '../uploads/UploadProgress';

/** Full screen while a post uploads: real progress from the upload, and a way out. */
export function UploadOverlay({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { t } = useTranslation();
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
      <UploadProgress state={state} onCancel={onCancel} tone="dark" />
    </div>
  );
}
