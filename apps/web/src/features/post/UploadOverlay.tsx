import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { UploadProgress, type UploadState } from '../uploads';

/** Full screen while a post uploads: real progress from the upload, and a way out. */
export function UploadOverlay({ state, onCancel }: { state: UploadState; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  // No onClose: Escape must not drop an upload by accident; its Cancel button does that.
  return (
    <Dialog
      labelledBy={`${id}-title`}
      className="m-0 size-full max-h-none max-w-none bg-black/80 text-white backdrop:bg-transparent"
      bodyClassName="flex size-full flex-col items-center justify-center gap-5 p-6"
    >
      <Spinner className="size-12" />
      <h2 id={`${id}-title`} className="text-2xl font-bold">
        {t('post.uploading')}
      </h2>
      <UploadProgress state={state} onCancel={onCancel} tone="dark" />
    </Dialog>
  );
}
