/**
 * Why a media step failed, split by who can act on it: a MediaRejectedError is final (the
 * driver must send another file, so the job should not retry and the message is shown to
 * them), while an FfmpegError is our problem (missing binary, timeout, full disk) and may
 * succeed on a retry.
 */

export type MediaRejectionCode =
  | 'media_no_video'
  | 'media_no_audio'
  | 'media_video_damaged'
  | 'media_audio_damaged'
  | 'media_image_damaged'
  | 'media_image_unsupported'
  | 'media_too_long'
  | 'media_too_large'
  | 'media_video_too_slow';

export class MediaRejectedError extends Error {
  override readonly name = 'MediaRejectedError';

  constructor(
    /** Stable code for translation; `message` is the English text a driver can read. */
    readonly code: MediaRejectionCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type FfmpegFailure =
  'spawn' | 'exit' | 'timeout' | 'cpu_limit' | 'aborted' | 'output_too_large';

export class FfmpegError extends Error {
  override readonly name = 'FfmpegError';

  constructor(
    readonly kind: FfmpegFailure,
    /** The last meaningful stderr line, short enough for a log field. */
    readonly reason: string,
    readonly exitCode: number | null = null,
    readonly stderrTail = '',
    options?: { cause?: unknown },
  ) {
    super(`${kind}: ${reason}`, options);
  }
}

/** Failures of this machine, not of the file: worth a retry, and not the driver's fault. */
const ENVIRONMENT = /No space left|Permission denied|Cannot allocate memory|Too many open files/i;

/**
 * ffmpeg exits non-zero both for unreadable input and for local trouble. A non-zero exit is
 * taken as a bad file unless its stderr names a local cause; spawn errors stay FfmpegErrors.
 * A time or CPU limit stays one here too: only the video transcode, whose limit scales with
 * the clip, may call it the file's fault (transcode-video.ts).
 */
export function asRejection(error: unknown, rejection: () => MediaRejectedError): unknown {
  if (
    error instanceof FfmpegError &&
    error.kind === 'exit' &&
    // No exit code: killed by a signal we did not send (the OOM killer), not a bad file.
    error.exitCode !== null &&
    !ENVIRONMENT.test(error.stderrTail)
  ) {
    const refused = rejection();
    return new MediaRejectedError(refused.code, refused.message, { cause: error });
  }
  return error;
}
