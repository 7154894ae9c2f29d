import { Camera, ImagePlus } from 'lucide-react';
import type { PickSource } from './FilePicker';

/**
 * The usual pair of a FilePicker: the phone's camera (front for a face, rear for papers) or a
 * photo already taken; `gallery` widens the second, as the vault does for PDFs.
 */
export function cameraOrGallery(
  labels: { camera: string; gallery: string },
  facing: 'user' | 'environment',
  gallery: Partial<PickSource> = {},
): PickSource[] {
  return [
    {
      icon: <Camera aria-hidden className="size-5" />,
      label: labels.camera,
      accept: 'image/*',
      capture: facing,
    },
    {
      icon: <ImagePlus aria-hidden className="size-5" />,
      label: labels.gallery,
      accept: 'image/*',
      ...gallery,
    },
  ];
}
