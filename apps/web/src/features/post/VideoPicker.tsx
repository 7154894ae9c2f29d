import { useTranslation } from 'react-i18next';
import { Film, Video, X } from 'lucide-react';
import { FilePicker } from '../../ui/FilePicker';
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
  return (
    <FilePicker
      look="outline"
      legend={t('post.video')}
      hint={t('post.videoHint')}
      error={error}
      sources={[
        {
          icon: <Film aria-hidden className="size-5" />,
          label: t('post.chooseVideo'),
          accept: videoAccept,
        },
        {
          icon: <Video aria-hidden className="size-5" />,
          label: t('post.recordVideo'),
          accept: 'video/*',
          capture: 'environment',
        },
      ]}
      onPick={([file]) => file && onPick(file)}
      picked={
        video ? (
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
        ) : null
      }
    />
  );
}
