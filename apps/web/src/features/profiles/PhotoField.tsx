import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, Trash2 } from 'lucide-react';
import { defaultProfileImage } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';
import { PickButton } from '../../ui/PickButton';

interface PhotoFieldProps {
  current: string;
  photo: File | null;
  removed: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The profile photo: front camera or gallery, a preview, and a way back to the default. */
export function PhotoField({ current, photo, removed, onPick, onRemove }: PhotoFieldProps) {
  const { t } = useTranslation();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? (removed ? defaultProfileImage : current);
  const canRemove = shown !== defaultProfileImage;

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
        <PickButton
          look="soft"
          icon={<Camera aria-hidden className="size-5" />}
          label={t('auth.driverRegister.camera')}
          inputLabel={`${t('profile.edit.photo')}: ${t('auth.driverRegister.camera')}`}
          accept="image/*"
          capture="user"
          onPick={([file]) => file && onPick(file)}
        />
        <PickButton
          look="soft"
          icon={<ImagePlus aria-hidden className="size-5" />}
          label={t('auth.driverRegister.gallery')}
          inputLabel={`${t('profile.edit.photo')}: ${t('auth.driverRegister.gallery')}`}
          accept="image/*"
          onPick={([file]) => file && onPick(file)}
        />
      </div>
    </fieldset>
  );
}
