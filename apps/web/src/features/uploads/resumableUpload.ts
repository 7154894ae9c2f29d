import { DetailedError, Upload, type PreviousUpload } from 'tus-js-client';
import { uploadLimits, uploadsPath, type UploadPurpose } from '@saathi/contract';
import { ApiError, networkError } from '../../api/errors';
import { readToken } from '../../api/token';

/** The driver cancelled (or the screen went away): no failure to report. */
export const isCancelled = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

/** What the progress display shows; `sent` is what the server holds or is receiving now. */
export interface UploadState {
  sent: number;
  total: number;
  /** Bytes a second, measured while bytes go out; null until known. */
  rate: number | null;
  /** Offline, or no byte went out for a while: waiting for the network. */
  paused: boolean;
}

export interface SendOptions {
  purpose: UploadPurpose;
  onState: (state: UploadState) => void;
  /** Aborting ends the upload on the server too (tus termination). */
  signal: AbortSignal;
  /**
   * Keep the upload's URL on the phone (localStorage, by the file's name, type, size and
   * date), so a reload of the screen goes on from the last byte the server holds.
   */
  resumable: boolean;
}

/** Waits between tries: quick at first, then every 30 s for as long as it takes. */
const backoffMs = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/**
 * Bytes per PATCH. The browser counts bytes as sent once they are in the phone's socket
 * buffers, which may hold a megabyte the network never carried: one chunk at a time bounds
 * what the percent can run ahead of what the server confirmed.
 */
const chunkBytes = 512 * 1024;
/** No byte out for this long shows "Paused: waiting for network". */
const pausedAfterMs = 8_000;

/** Statuses worth another try: the server is busy or briefly failing, or offsets crossed. */
const retryable = (status: number) =>
  status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;

const statusOf = (error: Error) =>
  error instanceof DetailedError && error.originalResponse ? error.originalResponse.getStatus() : 0;

/** The server's refusal in the app's error type, so the screens show its translated text. */
function apiErrorOf(error: Error): ApiError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return networkError();
  try {
    const body = JSON.parse(response.getBody()) as {
      message?: string;
      code?: string;
      params?: Record<string, string | number>;
    };
    return new ApiError(response.getStatus(), body.message, body.code, body.params);
  } catch {
    return new ApiError(response.getStatus());
  }
}

/** Phones keep one resumable upload per file and purpose. */
const fingerprintOf = (purpose: UploadPurpose) => (file: File) =>
  Promise.resolve(
    ['saathi', purpose, file.name, file.type, file.size, file.lastModified].join('|'),
  );

function tusOptions(purpose: UploadPurpose, resumable: boolean) {
  return {
    endpoint: uploadsPath,
    metadata: { purpose },
    chunkSize: chunkBytes,
    // Our own loop retries (below): without end, also while the phone is offline.
    retryDelays: null,
    storeFingerprintForResuming: resumable,
    // Kept after the last byte: if creating the post fails, trying again sends nothing twice.
    removeFingerprintOnSuccess: false,
    fingerprint: fingerprintOf(purpose),
    onBeforeRequest: (req: { setHeader(name: string, value: string): void }) => {
      const token = readToken();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
  };
}

/** A measured rate: bytes over the last seconds of sending, not since the start. */
function rateMeter() {
  const samples: { at: number; sent: number }[] = [];
  return {
    add(sent: number, at: number) {
      const last = samples.at(-1);
      // A resume starts again from the server's offset: the old samples say nothing now.
      if (last && sent < last.sent) samples.length = 0;
      samples.push({ at, sent });
      while (samples.length > 2 && at - (samples[0]?.at ?? at) > 10_000) samples.shift();
    },
    rate(): number | null {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last || last.at - first.at < 1_000) return null;
      return ((last.sent - first.sent) * 1000) / (last.at - first.at);
    },
    pause() {
      samples.length = 0;
    },
  };
}

/**
 * Sends a file as a resumable (tus) upload and answers its upload id once every byte
 * arrived and passed the server's checks. There is no overall time limit: a dropped network,
 * a refused request or 30 s without progress is retried with backoff, each time from the last
 * byte the server holds; offline, it waits for the network. A refusal of the file itself
 * (wrong type, too large) fails at once with the server's reason.
 */
export function sendResumable(file: File | Blob, opts: SendOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const total = file.size;
    const meter = rateMeter();
    let sent = 0;
    let lastProgressAt = Date.now();
    let attempt = 0;
    let running = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const emit = () => {
      const paused = !navigator.onLine || !running || Date.now() - lastProgressAt > pausedAfterMs;
      opts.onState({ sent, total, rate: paused ? null : meter.rate(), paused });
    };

    const upload = new Upload(file, {
      ...tusOptions(opts.purpose, opts.resumable),
      onProgress: (bytesSent) => {
        const now = Date.now();
        if (bytesSent !== sent) lastProgressAt = now;
        if (bytesSent > sent) attempt = 0;
        sent = bytesSent;
        meter.add(bytesSent, now);
        emit();
      },
      onSuccess: () => {
        finish();
        sent = total;
        emit();
        resolve(upload.url?.split('/').at(-1) ?? '');
      },
      onError: (error) => {
        running = false;
        if (done) return;
        if (!retryable(statusOf(error))) {
          finish();
          // Refused for good (the server removed it): nothing to go on from after a reload.
          void forgetStored(upload).finally(() => reject(apiErrorOf(error)));
          return;
        }
        retryLater();
      },
    });

    function start() {
      retryTimer = undefined;
      if (done) return;
      running = true;
      lastProgressAt = Date.now();
      emit();
      upload.start();
    }

    function retryLater() {
      meter.pause();
      emit();
      if (retryTimer || done) return;
      // Offline, the 'online' event starts it; the timer is the fallback for phones that
      // report themselves online on a link that carries nothing.
      const wait = backoffMs[Math.min(attempt, backoffMs.length - 1)] ?? 30_000;
      attempt += 1;
      retryTimer = setTimeout(start, wait);
    }

    const onOnline = () => {
      if (running || done) return;
      clearTimeout(retryTimer);
      start();
    };

    // Every second: the paused state, and a stall of 30 s ends the request to try again.
    const watch = setInterval(() => {
      emit();
      if (running && Date.now() - lastProgressAt > uploadLimits.stallMs) {
        running = false;
        void upload.abort(false).then(retryLater);
      }
    }, 1_000);

    const onAbort = () => {
      finish();
      void upload.abort(true).catch(() => undefined);
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };

    function finish() {
      done = true;
      clearInterval(watch);
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      opts.signal.removeEventListener('abort', onAbort);
    }

    if (opts.signal.aborted) {
      onAbort();
      return;
    }
    opts.signal.addEventListener('abort', onAbort);
    window.addEventListener('online', onOnline);
    void (opts.resumable ? previousOf(upload) : Promise.resolve(undefined)).then((previous) => {
      if (previous) upload.resumeFromPreviousUpload(previous);
      start();
    });
  });
}

async function previousOf(upload: Upload): Promise<PreviousUpload | undefined> {
  try {
    return (await upload.findPreviousUploads())[0];
  } catch {
    return undefined;
  }
}

/**
 * How much of this file an earlier upload (before a reload, a lost network) left on the
 * server; undefined when there is none to go on from.
 */
export async function unfinishedUpload(
  file: File,
  purpose: UploadPurpose,
): Promise<{ sent: number; total: number } | undefined> {
  const upload = new Upload(file, tusOptions(purpose, true));
  const previous = await previousOf(upload);
  if (!previous?.uploadUrl) return undefined;
  const token = readToken();
  try {
    const res = await fetch(previous.uploadUrl, {
      method: 'HEAD',
      headers: {
        'Tus-Resumable': '1.0.0',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    const offset = Number(res.headers.get('Upload-Offset'));
    if (res.ok && Number.isFinite(offset)) return { sent: offset, total: file.size };
  } catch {
    // Offline: whether it is still there will show when the upload starts.
    return undefined;
  }
  return undefined;
}

/** Forgets on the phone every earlier upload of this file (the server's copy is left alone). */
async function forgetStored(upload: Upload): Promise<void> {
  const storage = upload.options.urlStorage;
  for (const previous of await upload.findPreviousUploads().catch(() => [])) {
    await storage?.removeUpload(previous.urlStorageKey);
  }
}

/** The file was posted: its upload's URL need not be kept on the phone any more. */
export async function forgetFile(file: File, purpose: UploadPurpose): Promise<void> {
  await forgetStored(new Upload(file, tusOptions(purpose, true)));
}

/** The driver chose to start again: the earlier upload ends on the server and on the phone. */
export async function forgetUnfinished(file: File, purpose: UploadPurpose): Promise<void> {
  const upload = new Upload(file, tusOptions(purpose, true));
  const previous = await previousOf(upload);
  if (previous?.uploadUrl) {
    await Upload.terminate(previous.uploadUrl, upload.options).catch(() => undefined);
  }
  await forgetStored(upload);
}

/** A finished upload not attached after all (the driver cancelled the post): it goes now. */
export function dropFinished(uploadId: string, purpose: UploadPurpose): Promise<void> {
  return Upload.terminate(`${uploadsPath}/${uploadId}`, tusOptions(purpose, false)).catch(
    () => undefined,
  );
}
