import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';

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
  const cameraInput = useRef<HTMLInputElement>(null);
  const galleryInput = useRef<HTMLInputElement>(null);

  function picked(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    // Clearing lets the same photo be chosen again after a remove.
    input.value = '';
    if (chosen) onPick(chosen);
  }

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
          <button
            type="button"
            disabled={busy}
            onClick={() => cameraInput.current?.click()}
            className="flex min-h-12 items-center justify-center gap-2 rounded-xl bg-orange-50 px-2 font-semibold text-brand disabled:opacity-50"
          >
            <Camera aria-hidden className="size-5" />
            {t('auth.driverRegister.camera')}
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => galleryInput.current?.click()}
            className="flex min-h-12 items-center justify-center gap-2 rounded-xl bg-orange-50 px-2 font-semibold text-brand disabled:opacity-50"
          >
            <ImagePlus aria-hidden className="size-5" />
            {t('auth.driverRegister.gallery')}
          </button>
        </div>
      )}
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={`${label}: ${t('auth.driverRegister.camera')}`}
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={galleryInput}
        type="file"
        accept="image/*"
        hidden
        aria-label={`${label}: ${t('auth.driverRegister.gallery')}`}
        onChange={(event) => picked(event.currentTarget)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
