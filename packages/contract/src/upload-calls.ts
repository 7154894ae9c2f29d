import { z } from 'zod';
import { defineCall } from './call.js';
import { noBody } from './common.js';
import { uploadPurposeKey, uploadsPath } from './uploads.js';

/**
 * An upload's URL segment as sent. Any text, not `uploadRef`: a tus client told 404 for an
 * upload it cannot resume starts over, where a 400 would leave it stuck.
 */
const uploadSegment = z.object({ id: z.string() });

/**
 * The tus 1.0 requests (docs/api.md). The tus protocol answers them in its own headers and
 * statuses, so they are raw calls; the bytes of a creation or PATCH body are never parsed.
 */
export const uploadCalls = {
  create: defineCall({
    method: 'POST',
    path: uploadsPath,
    summary: `Start a resumable upload (tus 1.0 creation): Upload-Length, and Upload-Metadata with '${uploadPurposeKey}' (video, image or voice)`,
    auth: 'user',
    response: noBody,
    raw: {},
  }),
  offset: defineCall({
    method: 'HEAD',
    path: `${uploadsPath}/:id`,
    summary: 'Resume one of your resumable uploads: Upload-Offset, the bytes the server holds',
    auth: 'user',
    params: uploadSegment,
    response: noBody,
    raw: {},
  }),
  append: defineCall({
    method: 'PATCH',
    path: `${uploadsPath}/:id`,
    summary: 'Send bytes of one of your resumable uploads, from the offset the server holds',
    auth: 'user',
    params: uploadSegment,
    response: noBody,
    raw: {},
  }),
  cancel: defineCall({
    method: 'DELETE',
    path: `${uploadsPath}/:id`,
    summary: 'Cancel one of your resumable uploads (tus termination): its bytes are deleted',
    auth: 'user',
    params: uploadSegment,
    response: noBody,
    raw: {},
  }),
};
