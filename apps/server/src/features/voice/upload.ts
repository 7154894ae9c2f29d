import { limits } from '@saathi/contract';
import { voiceNoteTypes } from '../../media/types.js';
import type { MultipartBody, ReceivedUpload } from '../../media/receive-upload.js';
import type { FileRule } from '../../media/sniff.js';
import type { Storage } from '../../storage/storage.js';

/** A recording's checks: by its bytes (never its declared type) and its size. */
export const voiceRule: FileRule = {
  maxBytes: limits.voiceMaxBytes,
  accept: voiceNoteTypes,
  rejectCode: 'voice_not_audio',
  tooLargeCode: 'voice_too_large',
  maxFiles: 1,
  tooManyCode: 'invalid_input',
};

/** Streams one recording (field `voice` or `audio`), checked by its bytes and size, into uploads/. */
export function receiveVoiceUpload(
  incoming: MultipartBody,
  storage: Storage,
  noteId: string,
  field: 'voice' | 'audio',
): Promise<ReceivedUpload> {
  return incoming.receive(storage, {
    prefix: `uploads/voice/${noteId}`,
    files: {
      [field]: voiceRule,
    },
  });
}
