import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, X } from 'lucide-react';
import { limits } from '@saathi/contract';
import { FilePicker } from '../../ui/FilePicker';
import { imageAccept } from './mediaRules';

export interface PickedImage {
  file: File;
  preview: string;
}

interface ImagePickerProps {
  images: readonly PickedImage[];
  error: string | null;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}

export function ImagePicker({ images, error, onPick, onRemove }: ImagePickerProps) {
  const { t } = useTranslation();
  return (
    <FilePicker
      look="outline"
      legend={t('post.images')}
      hint={t('post.imagesHint', { max: limits.postImagesMax })}
      error={error}
      sources={[
        {
          icon: <ImagePlus aria-hidden className="size-5" />,
          label: t('post.chooseImages'),
          accept: imageAccept,
          multiple: true,
        },
        {
          icon: <Camera aria-hidden className="size-5" />,
          label: t('post.takePhoto'),
          accept: 'image/*',
          capture: 'environment',
        },
      ]}
      onPick={onPick}
    >
      {images.length > 0 && (
        <ul className="grid grid-cols-3 gap-2">
          {images.map((image, index) => (
            <li
              key={image.preview}
              className="relative aspect-square overflow-hidden rounded-xl bg-stone-200"
            >
              <img
                src={image.preview}
                alt={t('post.imageAlt', { n: index + 1 })}
                className="size-full object-cover"
              />
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={t('post.removeImage', { n: index + 1 })}
                className="absolute top-1 right-1 flex size-10 items-center justify-center rounded-full bg-black/65 text-white"
              >
                <X aria-hidden className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </FilePicker>
  );
}
