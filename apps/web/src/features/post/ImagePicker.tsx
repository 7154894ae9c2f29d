import { useTranslation } from 'react-i18next';
import { Camera, ImagePlus, X } from 'lucide-react';
import { limits } from '@saathi/contract';
import { PickButton } from '../../ui/PickButton';
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
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-medium text-stone-800">{t('post.images')}</legend>
      <p className="text-sm text-stone-600">
        {t('post.imagesHint', { max: limits.postImagesMax })}
      </p>
      <div className="flex gap-2">
        <PickButton
          icon={<ImagePlus aria-hidden className="size-5" />}
          label={t('post.chooseImages')}
          accept={imageAccept}
          multiple
          onPick={onPick}
        />
        <PickButton
          icon={<Camera aria-hidden className="size-5" />}
          label={t('post.takePhoto')}
          accept="image/*"
          capture="environment"
          onPick={onPick}
        />
      </div>
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
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
