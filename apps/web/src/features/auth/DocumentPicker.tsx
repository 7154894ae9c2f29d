import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { PickButton } from '../../ui/PickButton';

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
  const id = useId();
  const picked = ([chosen]: File[]) => chosen && onPick(chosen);

  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className={`flex flex-col gap-2 rounded-xl border-2 p-3 ${error ? 'border-red-600' : 'border-stone-300'}`}
    >
      <legend className="px-1 text-base font-medium text-stone-800">{label}</legend>
      {preview ? (
        <div className="flex items-center gap-3">
          <img
            src={preview}
            alt={t('auth.driverRegister.previewAlt', { label })}
            className="h-24 w-36 rounded-lg border border-stone-200 object-cover"
          />
          <button
            type="button"
            onClick={onRemove}
            className="flex min-h-12 items-center gap-2 rounded-xl px-3 font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-5" />
            {t('auth.driverRegister.remove')}
          </button>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2">
          <PickButton
            look="soft"
            disabled={busy}
            icon={<Camera aria-hidden className="size-5" />}
            label={t('auth.driverRegister.camera')}
            inputLabel={`${label}: ${t('auth.driverRegister.camera')}`}
            accept="image/*"
            capture="environment"
            onPick={picked}
          />
          <PickButton
            look="soft"
            disabled={busy}
            icon={<ImagePlus aria-hidden className="size-5" />}
            label={t('auth.driverRegister.gallery')}
            inputLabel={`${label}: ${t('auth.driverRegister.gallery')}`}
            accept="image/*"
            onPick={picked}
          />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
