import { useTranslation } from 'react-i18next';
import { Film, Video, X } from 'lucide-react';
import { PickButton } from '../../ui/PickButton';
import { videoAccept } from './mediaRules';

export interface PickedVideo {
  file: File;
  preview: string;
}

interface VideoPickerProps {
  video: PickedVideo | null;
  error: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
}

export function VideoPicker({ video, error, onPick, onRemove }: VideoPickerProps) {
  const { t } = useTranslation();
  const pickFirst = (files: File[]) => {
    const [file] = files;
    if (file) onPick(file);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-medium text-stone-800">{t('post.video')}</legend>
      <p className="text-sm text-stone-600">{t('post.videoHint')}</p>
      {video ? (
        <div className="relative overflow-hidden rounded-xl bg-black">
          <video
            src={video.preview}
            controls
            playsInline
            preload="metadata"
            aria-label={t('post.videoPreview')}
            className="max-h-72 w-full"
          />
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('post.removeVideo')}
            className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full bg-black/65 text-white"
          >
            <X aria-hidden className="size-6" />
          </button>
        </div>
      ) : (
        <div className="flex gap-2">
          <PickButton
            icon={<Film aria-hidden className="size-5" />}
            label={t('post.chooseVideo')}
            accept={videoAccept}
            onPick={pickFirst}
          />
          <PickButton
            icon={<Video aria-hidden className="size-5" />}
            label={t('post.recordVideo')}
            accept="video/*"
            capture="environment"
            onPick={pickFirst}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
