import { z } from 'zod';
import { coded } from './coded.js';

/**
 * Resumable uploads (tus 1.0: core, creation, termination, expiration) at `uploadsPath`.
 * A post's video and images and a voice note can arrive this way, in as many attempts as the
 * network needs, and are then attached by id to the call that uses them (docs/api.md).
 */
export const uploadsPath = '/api/v1/uploads';

/** What the file is for: it picks the checks its bytes must pass and its size limit. */
export const uploadPurpose = z.enum(['video', 'image', 'voice']);
export type UploadPurpose = z.infer<typeof uploadPurpose>;

/** The tus `Upload-Metadata` key that names the purpose. */
export const uploadPurposeKey = 'purpose';

export const uploadLimits = {
  /** Uploads one account may have started and not finished. */
  unfinishedMax: 5,
  /**
   * Finished uploads waiting to be attached: two whole posts (a video and ten images each)
   * and a few voice notes. Bounds what one account can park on the server for a day.
   */
  waitingMax: 25,
  /** An upload not attached by then is deleted, finished or not. */
  expiryHours: 24,
  /** The phone retries when no byte went out for this long. */
  stallMs: 30_000,
} as const;

/**
 * Upload messages. Apart from messages.ts because messages.ts spreads them and posts.ts uses
 * `uploadRef` while messages.ts may still be loading.
 */
export const uploadMessages = {
  upload_not_found: 'This upload is no longer available. Please choose the file again.',
  upload_not_finished: 'This file has not finished uploading yet.',
  uploads_unfinished:
    'You have {{max}} unfinished uploads. Please wait for one to finish or cancel it.',
  uploads_waiting:
    'You have many uploaded files waiting to be posted. Please post them or try again tomorrow.',
  upload_purpose_invalid: 'Say what the upload is for: a video, an image or a voice note.',
  upload_length_required: 'The size of the file must be known when its upload starts.',
} as const;

/** The id of an upload, as the last segment of its URL. */
export const uploadRef = z.uuid(coded('upload_not_found'));
