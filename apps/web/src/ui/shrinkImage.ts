const maxSide = 2000;
const quality = 0.85;
const worthShrinkingBytes = 1_500_000;

/**
 * Camera photos are often 4-8 MB; re-encoding to 2000 px JPEG keeps documents readable and
 * cuts the upload on mobile data by ten times. Anything the browser cannot decode is kept as is.
 */
export async function shrinkImage(file: File): Promise<File> {
  if (file.size < worthShrinkingBytes || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', quality),
    );
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]*$/, '') || 'document';
    return new File([blob], `${name}.jpg`, { type: 'image/jpeg' });
  } catch {
    return file;
  }
}
