import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { defaultProfileImage } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';

interface PhotoFieldProps {
  current: string;
  photo: File | null;
  removed: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

const pickClass =
  'flex min-h-12 items-center justify-center gap-2 rounded-xl bg-orange-50 px-2 font-semibold text-brand';

/** The profile photo: front camera or gallery, a preview, and a way back to the default. */
export function PhotoField({ current, photo, removed, onPick, onRemove }: PhotoFieldProps) {
  const { t } = useTranslation();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? (removed ? defaultProfileImage : current);
  const canRemove = shown !== defaultProfileImage;

  function picked(input: HTMLInputElement) {
    const chosen = input.files?.[0];
    input.value = '';
    if (chosen) onPick(chosen);
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-medium text-stone-800">
        {t('profile.edit.photo')}
      </legend>
      <div className="flex items-center gap-3">
        <Avatar src={shown} className="size-20" />
        {canRemove && (
          <button
            type="button"
            onClick={onRemove}
            className="flex min-h-12 items-center gap-2 rounded-xl px-3 font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden className="size-5" />
            {t('profile.edit.removePhoto')}
          </button>
        )}
      </div>
      <div className="grid grid-cols-2 gap-2">
        <button type="button" onClick={() => camera.current?.click()} className={pickClass}>
          <Camera aria-hidden className="size-5" />
          {t('auth.driverRegister.camera')}
        </button>
        <button type="button" onClick={() => gallery.current?.click()} className={pickClass}>
          <ImagePlus aria-hidden className="size-5" />
          {t('auth.driverRegister.gallery')}
        </button>
      </div>
      <input
        ref={camera}
        type="file"
        accept="image/*"
        capture="user"
        hidden
        aria-label={`${t('profile.edit.photo')}: ${t('auth.driverRegister.camera')}`}
        onChange={(event) => picked(event.currentTarget)}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/*"
        hidden
        aria-label={`${t('profile.edit.photo')}: ${t('auth.driverRegister.gallery')}`}
        onChange={(event) => picked(event.currentTarget)}
      />
    </fieldset>
  );
}
