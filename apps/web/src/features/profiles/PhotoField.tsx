import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultProfileImage } from '@saathi/contract';
import { Avatar } from '../../ui/Avatar';
import { cameraOrGallery } from '../../ui/cameraOrGallery';
import { FilePicker } from '../../ui/FilePicker';
import { RemoveFileButton } from '../../ui/RemoveFileButton';

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
    <FilePicker
      legend={t('profile.edit.photo')}
      sources={cameraOrGallery(
        { camera: t('auth.driverRegister.camera'), gallery: t('auth.driverRegister.gallery') },
        'user',
      )}
      onPick={([file]) => file && onPick(file)}
    >
      <div className="flex items-center gap-3">
        <Avatar src={shown} className="size-20" />
        {canRemove && (
          <RemoveFileButton label={t('profile.edit.removePhoto')} onRemove={onRemove} />
        )}
      </div>
    </FilePicker>
  );
}
