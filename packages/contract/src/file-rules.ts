import { limits } from './limits.js';
import type { MessageCode } from './messages.js';

/**
 * The checks the files of one multipart field pass on the server while they arrive: the kind
 * by the file's first bytes (its declared type and name are never trusted), the size as it
 * streams, the count per request. Each refusal answers the call's own code.
 */
export interface FileRule {
  /** MIME types as `file-type` names them from the bytes. */
  accept: readonly string[];
  maxBytes: number;
  rejectCode: MessageCode;
  /** Defaults to the generic 'file_too_large'. */
  tooLargeCode?: MessageCode;
  /** Files of this field one request may carry (default 1). */
  maxFiles?: number;
  /** Defaults to the generic 'invalid_input'. */
  tooManyCode?: MessageCode;
  /** Set when every request must carry a file in this field: the code refusing one without. */
  required?: MessageCode;
}

/** A call that needs a file in at least one of some fields (a post: images or a video). */
export interface AnyFileRule {
  fields: readonly string[];
  /** Answered (400) to a request that carries a file in none of them. */
  code: MessageCode;
}

/*
 * Kinds exactly as `file-type` names them from the bytes. Several differ from the "usual"
 * names: AVI is `video/vnd.avi` (not `video/x-msvideo`), Ogg Opus is `audio/ogg; codecs=opus`,
 * and a WMV whose stream header sits past the first 4 KB sniffed is the generic
 * `application/vnd.ms-asf`. The common aliases are listed too so a declared type compared
 * against these lists also matches.
 */

export const postImageTypes = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  // iPhones save HEIC (brand `heic`); some Android phones and converters write `mif1`.
  'image/heic',
  'image/heif',
] as const;

export const postVideoTypes = [
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/3gpp',
  'video/3gpp2',
  'video/vnd.avi',
  'video/x-msvideo',
  'video/x-ms-asf',
  'video/x-ms-wmv',
  'application/vnd.ms-asf',
  'video/webm',
] as const;

/**
 * Browser recordings: Chrome and Android write WebM/Opus (sniffed as `video/webm`, since
 * the EBML header says webm whatever the tracks), Safari writes MP4/AAC, Firefox Ogg/Opus.
 */
export const voiceNoteTypes = [
  'video/webm',
  'audio/webm',
  'video/mp4',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/opus',
  'audio/mpeg',
  // Voice Recorder files some Android phones save: WAV, 3GP with AMR, bare AMR.
  'audio/wav',
  'audio/x-wav',
  'video/3gpp',
  'audio/3gpp',
  'audio/amr',
] as const;

/** What phones produce from the camera or gallery; GIF and SVG are no photo of a person or paper. */
export const photoTypes = postImageTypes.filter((type) => type !== 'image/gif');

/** What a phone can photograph or a driver keeps as a file (the vault). */
export const documentFileTypes = [
  ...photoTypes,
  'application/pdf',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/**
 * A post's pictures and video, shared by everything the media pipeline turns into post-like
 * media (posts, safety cautions, resumable uploads): each call says how many it takes.
 */
export function postImageRule(maxFiles: number, tooManyCode: MessageCode): FileRule {
  return {
    maxBytes: limits.postImageMaxBytes,
    accept: postImageTypes,
    rejectCode: 'image_type',
    tooLargeCode: 'image_too_large',
    maxFiles,
    tooManyCode,
  };
}

export function postVideoRule(tooManyCode: MessageCode): FileRule {
  return {
    maxBytes: limits.postVideoMaxBytes,
    accept: postVideoTypes,
    rejectCode: 'video_type',
    tooLargeCode: 'video_too_large',
    maxFiles: 1,
    tooManyCode,
  };
}

/** A recording (Voice Chat, the recorder, a resumable voice upload). */
export const voiceRule: FileRule = {
  maxBytes: limits.voiceMaxBytes,
  accept: voiceNoteTypes,
  rejectCode: 'voice_not_audio',
  tooLargeCode: 'voice_too_large',
};

/** A photo of a person: the profile photo, the ID card's. */
export function photoRule(rejectCode: MessageCode): FileRule {
  return {
    maxBytes: limits.postImageMaxBytes,
    accept: photoTypes,
    rejectCode,
    tooLargeCode: 'photo_too_large',
  };
}
