import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@saathi/contract';
import { fillMessage, HttpError } from '../http/errors.js';

/**
 * Uploads one account, and one client address, may have arriving at once in this process.
 * Each holds a connection and open files until it ends: without a cap one account held
 * 3,033 file handles with 1,500 trickling uploads.
 */
export const concurrentUploads = { perAccount: 3, perIp: 10 } as const;

export interface UploadTimeouts {
  /** No bytes for this long: the upload is refused (408). */
  idleMs: number;
  /** The whole body must arrive within this (10 MB on slow 3G takes about 200 s). */
  totalMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploadTimeouts: UploadTimeouts;
  }
}

export function configureUploads(app: FastifyInstance, timeouts: UploadTimeouts): void {
  app.decorate('uploadTimeouts', timeouts);
}

const arriving = { account: new Map<string, number>(), ip: new Map<string, number>() };

function add(map: Map<string, number>, key: string, by: number) {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}

/**
 * Takes one of the caller's upload slots, or refuses at once with 429; call the result when
 * done. `account` is the signed-in caller (none on sign-up: its address alone counts).
 */
export function takeUploadSlot(request: FastifyRequest, account: string | undefined): () => void {
  const ip = request.ip;
  const max = concurrentUploads.perAccount;
  if (account && (arriving.account.get(account) ?? 0) >= max) {
    const message = fillMessage(messages.uploads_in_progress, { max });
    throw new HttpError(429, 'uploads_in_progress', message, { params: { max } });
  }
  if ((arriving.ip.get(ip) ?? 0) >= concurrentUploads.perIp) {
    throw new HttpError(429, 'uploads_busy_network');
  }
  if (account) add(arriving.account, account, 1);
  add(arriving.ip, ip, 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (account) add(arriving.account, account, -1);
    add(arriving.ip, ip, -1);
  };
}

export interface UploadDeadline {
  /** Aborted, with the 408 as its reason, when the body stalls or takes too long. */
  signal: AbortSignal;
  /** Rejects with that 408. */
  expired: Promise<never>;
  stop(): void;
}

/**
 * Watches the body's progress by the bytes its connection has read (listening to the request
 * stream itself would take bytes from the multipart parser). Once the body is complete, what
 * remains (storage writes) is the server's own work and is not timed here.
 */
export function uploadDeadline(request: FastifyRequest, timeouts: UploadTimeouts): UploadDeadline {
  const { socket } = request.raw;
  const controller = new AbortController();
  let expire: (error: HttpError) => void = () => undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    expire = reject;
  });
  expired.catch(() => undefined);
  const started = Date.now();
  let lastProgress = started;
  let lastBytes = socket.bytesRead;
  let stopped = false;
  const progressed = () => {
    if (socket.bytesRead === lastBytes) return false;
    lastBytes = socket.bytesRead;
    lastProgress = Date.now();
    return true;
  };
  const refuse = (code: 'upload_too_slow' | 'upload_stalled') => {
    stop();
    const error = new HttpError(408, code);
    controller.abort(error);
    expire(error);
  };
  const every = Math.max(50, Math.min(1000, Math.floor(timeouts.idleMs / 5)));
  const check = setInterval(() => {
    if (request.raw.complete) return stop();
    progressed();
    const now = Date.now();
    if (now - started >= timeouts.totalMs) return refuse('upload_too_slow');
    if (now - lastProgress < timeouts.idleMs) return;
    // A process held up (a long collection, a starved CPU) runs its timers before it reads its
    // sockets, so bytes that came meanwhile are not counted yet: the verdict waits for the
    // loop's poll phase, which reads them. Without this a busy server cut live uploads.
    setImmediate(() => {
      if (!stopped && !request.raw.complete && !progressed()) refuse('upload_stalled');
    });
  }, every);
  function stop() {
    stopped = true;
    clearInterval(check);
  }
  return { signal: controller.signal, expired, stop };
}
