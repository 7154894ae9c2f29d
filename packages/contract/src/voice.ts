import { z } from 'zod';
import { textInput } from './text.js';
import { defineCall, type LimitRule } from './call.js';
import { limits, rateLimits } from './limits.js';
import { publicAuthor } from './posts.js';
import { uploadRef } from './uploads.js';
import { voiceMessages } from './voice-messages.js';
import { coded } from './coded.js';
import { eventStreamBody } from './common.js';
import { saidFields } from './said.js';
import { voiceRule } from './file-rules.js';

export { voiceMessages };

export const voiceStatus = z.enum(['processing', 'ready', 'failed']);
export type VoiceStatus = z.infer<typeof voiceStatus>;

/**
 * A Voice Chat note. `url` is the relative path of a playable M4A once processed, null
 * before; `failureReason` is shown to the owner only (others never see unready notes).
 */
export const voiceNote = z.object({
  _id: z.uuid(),
  /** Never the author's phone number: every signed-in user hears Voice Chat. */
  user: publicAuthor.omit({ number: true }),
  url: z.string().nullable(),
  createdAt: z.string(),
  status: voiceStatus,
  failureReason: z.string().nullable(),
  /** Seconds, once processed. */
  duration: z.number().nullable(),
});
export type VoiceNote = z.infer<typeof voiceNote>;

/** A Voice Recorder audio: only its owner ever sees it. */
export const audioItem = z.object({
  _id: z.uuid(),
  name: z.string(),
  audioUrl: z.string().nullable(),
  createdAt: z.string(),
  status: voiceStatus,
  failureReason: z.string().nullable(),
  duration: z.number().nullable(),
});
export type AudioItem = z.infer<typeof audioItem>;

const pageQuery = z.object({
  cursor: textInput().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(limits.voicePageMax).default(limits.voicePageDefault),
});

export const voiceIdParam = z.object({ id: z.uuid(coded('voice_not_found')) });

export const audioFields = z.object({
  name: textInput()
    .trim()
    .max(limits.audioNameMax, coded('audio_name_too_long'))
    .optional()
    .transform((v) => v ?? ''),
});

/** Voice notes and recorder audios share one count per user. */
const uploadLimits = [
  {
    counter: 'voice',
    per: 'user',
    max: rateLimits.voiceUploadsPerHour,
    windowSeconds: 3600,
    code: 'voice_too_many',
  },
] as const satisfies readonly LimitRule[];

/** The EventSource stream (`voiceCalls.stream`), authenticated by the Token cookie. */
export const voiceStreamPath = '/api/v1/voice/stream';

export const voiceCalls = {
  upload: defineCall({
    method: 'POST',
    path: '/api/voice/upload',
    summary:
      'Send a Voice Chat note (multipart file `voice`, or JSON naming a finished upload); processed in the background',
    auth: 'user',
    multipart: {
      fields: z.object({}),
      files: { voice: { ...voiceRule, required: 'voice_required' } },
    },
    /** Absent for multipart requests. */
    body: z.object({ uploadId: uploadRef }).optional(),
    response: z.object({ success: z.literal(true), ...saidFields, data: voiceNote }),
    limits: uploadLimits,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/voice/list',
    summary: "Voice Chat: everyone's ready notes and the caller's own, newest first",
    auth: 'user',
    query: pageQuery,
    response: z.object({
      success: z.literal(true),
      notes: z.array(voiceNote),
      nextCursor: z.string().nullable(),
    }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/voice/delete/:id',
    summary: 'Delete a voice note or recording and its files (its owner only)',
    auth: 'user',
    params: voiceIdParam,
    response: z.object({ success: z.literal(true), ...saidFields }),
  }),
  stream: defineCall({
    method: 'GET',
    path: voiceStreamPath,
    summary:
      "Live Voice Chat (Server-Sent Events): `note` (a new ready note), `removed`, and `mine` (the caller's own note or audio ready or failed)",
    auth: 'user',
    response: eventStreamBody,
    raw: { type: 'text/event-stream' },
    // One long request: a busy shared address must not keep it from opening again.
    backstop: false,
  }),
};

export const audioCalls = {
  upload: defineCall({
    method: 'POST',
    path: '/api/audio/upload',
    summary:
      'Save a Voice Recorder recording (multipart `audio` file and `name`, or JSON naming a finished upload)',
    auth: 'user',
    multipart: {
      fields: audioFields,
      files: { audio: { ...voiceRule, required: 'voice_required' } },
    },
    /** Absent for multipart requests. */
    body: audioFields.extend({ uploadId: uploadRef }).optional(),
    response: z.object({ success: z.literal(true), ...saidFields, audio: audioItem }),
    limits: uploadLimits,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/audio',
    summary: "The caller's own Voice Recorder recordings, newest first",
    auth: 'user',
    query: pageQuery,
    response: z.object({
      success: z.literal(true),
      audios: z.array(audioItem),
      nextCursor: z.string().nullable(),
    }),
  }),
};

/** `note`: a Voice Chat note became ready (everyone); `mine`: the caller's own note or audio is ready or failed. */
export const voiceNoteEvent = z.object({ note: voiceNote });
export const voiceMineEvent = z.object({ note: voiceNote.optional(), audio: audioItem.optional() });
/** `removed`: a Voice Chat note was deleted. */
export const voiceRemovedEvent = z.object({ _id: z.uuid() });
