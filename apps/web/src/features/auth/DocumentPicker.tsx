import { useTranslation } from 'react-i18next';
import { cameraOrGallery } from '../../ui/cameraOrGallery';
import { FilePicker } from '../../ui/FilePicker';
import { RemoveFileButton } from '../../ui/RemoveFileButton';

interface DocumentPickerProps {
  label: string;
  preview: string | null;
  busy: boolean;
  error?: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One identity photo: rear camera or gallery, a preview, and a remove button. */
export function DocumentPicker({
  label,
  preview,
  busy,
  error,
  onPick,
  onRemove,
}: DocumentPickerProps) {
  const { t } = useTranslation();
  return (
    <FilePicker
      framed
      legend={label}
      error={error}
      disabled={busy}
      sources={cameraOrGallery(
        { camera: t('auth.driverRegister.camera'), gallery: t('auth.driverRegister.gallery') },
        'environment',
      )}
      onPick={([chosen]) => chosen && onPick(chosen)}
      picked={
        preview ? (
          <div className="flex items-center gap-3">
            <img
              src={preview}
              alt={t('auth.driverRegister.previewAlt', { label })}
              className="h-24 w-36 rounded-lg border border-stone-200 object-cover"
            />
            <RemoveFileButton label={t('auth.driverRegister.remove')} onRemove={onRemove} />
          </div>
        ) : null
      }
    />
  );
}
