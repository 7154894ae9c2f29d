import { driverDocumentFields, limits } from '@saathi/contract';
import type { MultipartBody, ReceivedUpload } from '../../media/receive-upload.js';
import type { FileRule } from '../../media/sniff.js';
import { encryptStream } from '../../storage/encryption.js';
import type { Storage } from '../../storage/storage.js';

/** What phones produce from the camera or gallery; GIF and SVG are no identity photo. */
export const identityImageTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
];

const rule: FileRule = {
  maxBytes: limits.identityImageMaxBytes,
  accept: identityImageTypes,
  rejectCode: 'document_not_image',
};

/** Streams the three identity images, checked and encrypted, into private storage. */
export function receiveIdentityDocuments(
  incoming: MultipartBody,
  storage: Storage,
  fileKey: Buffer,
  uploadId: string,
): Promise<ReceivedUpload> {
  return incoming.receive(storage, {
    files: Object.fromEntries(driverDocumentFields.map((field) => [field, rule])),
    prefix: `private/identity/${uploadId}`,
    transform: () => encryptStream(fileKey),
  });
}
