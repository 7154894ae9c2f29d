/**
 * MIME types the upload route accepts, exactly as `file-type` (used by sniff.ts) names them
 * from the bytes. Several differ from the "usual" names: AVI is `video/vnd.avi` (not
 * `video/x-msvideo`), Ogg Opus is `audio/ogg; codecs=opus`, and a WMV whose stream header
 * sits past the first 4 KB sniffed is the generic `application/vnd.ms-asf`. The common
 * aliases are listed too so a declared type compared against these lists also matches.
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

export type PostImageType = (typeof postImageTypes)[number];
export type PostVideoType = (typeof postVideoTypes)[number];
export type VoiceNoteType = (typeof voiceNoteTypes)[number];

export const heifTypes: readonly string[] = ['image/heic', 'image/heif'];

/** Sizes chosen for phones on mobile data; see transcode-video.ts and normalize-image.ts. */
export const limits = {
  /** Shorter side of a video or poster, in pixels. */
  videoShortSide: 720,
  /** Photos fit inside this box, portrait as phones hold them. */
  imageMaxWidth: 1080,
  imageMaxHeight: 1920,
  /** Longest input we process; uploads are capped at 10 MB, so real clips are far shorter. */
  maxInputDurationSec: 600,
  /** Refuse decoding anything bigger than 8K: a tiny file can declare a huge frame. */
  maxInputPixels: 8192 * 8192,
} as const;
