/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download reads the blob after the click returns; free it a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
