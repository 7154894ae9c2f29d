import type { z } from 'zod';
import { blockedResponse, callPath, errorResponse, type Call } from '@saathi/contract';
import { setBlockedAccount } from './blocked';
import { ApiError, networkError, timeoutError, type MessageParams } from './errors';
import { clearToken, readToken } from './token';

type Present<S> = Exclude<S, undefined>;
/** A call without params or body leaves the generic at its wide default. */
type Declared<S> = z.ZodType extends Present<S> ? false : true;

type ParamsInput<C extends Call> =
  Declared<C['params']> extends true
    ? { params: z.input<Present<C['params']>> }
    : { params?: undefined };
type BodyInput<C extends Call> =
  Declared<C['body']> extends true ? { body: z.input<Present<C['body']>> } : { body?: undefined };
type QueryInput<C extends Call> =
  Declared<C['query']> extends true
    ? { query?: z.input<Present<C['query']>> }
    : { query?: undefined };

export type RequestInput<C extends Call> = ParamsInput<C> &
  BodyInput<C> &
  QueryInput<C> & {
    signal?: AbortSignal;
    headers?: Record<string, string>;
    /** Gives up after this long with ApiError code 'timeout'; by default by the method. */
    timeoutMs?: number;
  };
export type ResponseOf<C extends Call> = z.infer<C['response']>;

export interface MultipartInput {
  fields: Record<string, string>;
  /** One entry per form part, so a field may repeat (images, images, ...). */
  files: readonly (readonly [name: string, file: Blob])[];
  params?: Record<string, string>;
  onProgress?: (fraction: number) => void;
  /** Gives up after this long with ApiError code 'timeout'. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra headers, such as the short-lived vault token. */
  headers?: Record<string, string>;
}

function authHeader(call: Call): Record<string, string> {
  const token = call.auth === 'public' ? null : readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Turns a status and body into the typed answer, or throws the error the screens show. */
function settle<C extends Call>(call: C, status: number, text: string): ResponseOf<C> {
  const json = readJson(text);
  if (status >= 200 && status < 300) {
    const parsed = call.response.safeParse(json);
    if (parsed.success) return parsed.data as ResponseOf<C>;
    throw new ApiError(status);
  }
  const blocked = blockedResponse.safeParse(json);
  if (status === 403 && blocked.success) {
    setBlockedAccount({
      name: blocked.data.user?.name ?? null,
      number: blocked.data.user?.number ?? null,
      blockedAt: blocked.data.block.blockedAt,
    });
  }
  const failure = errorResponse.safeParse(json);
  // A rejected token means the session was revoked or expired: forget it so guards send to /login.
  // A wrong vault password or an ended vault unlock is also a 401, but the sign-in is still good.
  const vaultRefusal = failure.success && failure.data.code?.startsWith('vault_') === true;
  if (status === 401 && call.auth !== 'public' && readToken() && !vaultRefusal) clearToken();
  throw failure.success
    ? new ApiError(status, failure.data.message, failure.data.code, paramsOf(json))
    : new ApiError(status);
}

/** Messages with {{n}} arrive with their values (image_too_large: { n: 2 }). */
function paramsOf(json: unknown): MessageParams | undefined {
  if (typeof json !== 'object' || json === null || !('params' in json)) return undefined;
  const { params } = json;
  if (typeof params !== 'object' || params === null) return undefined;
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return Object.fromEntries(entries);
}

function pathOf(call: Call, params: unknown, query?: unknown): string {
  const path = callPath(call.path, (params ?? {}) as Record<string, string>);
  if (typeof query !== 'object' || query === null) return path;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Every call has a deadline: on a link that looks up but carries nothing a screen would
 * otherwise wait for ever. Reads are short; a write gets longer, as the server may work on it.
 */
export const callTimeouts = { readMs: 15_000, writeMs: 30_000 } as const;
/** A read that got no answer is asked once more after this pause. */
export const readRetryDelayMs = 1_000;

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.clearTimeout(timer);
      reject(new DOMException('Request cancelled', 'AbortError'));
    };
    const timer = window.setTimeout(() => {
      signal?.removeEventListener('abort', done);
      resolve();
    }, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** One try: the deadline covers the answer's body too, which can stall as well. */
async function attempt<C extends Call>(
  call: C,
  input: RequestInput<C>,
  init: RequestInit,
  timeoutMs: number,
): Promise<ResponseOf<C>> {
  const deadline = new AbortController();
  const timer = window.setTimeout(() => deadline.abort(), timeoutMs);
  const cancel = () => deadline.abort();
  input.signal?.addEventListener('abort', cancel, { once: true });
  try {
    const response = await fetch(pathOf(call, input.params, input.query), {
      ...init,
      signal: deadline.signal,
    });
    return settle(call, response.status, await response.text());
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (input.signal?.aborted) throw new DOMException('Request cancelled', 'AbortError');
    throw deadline.signal.aborted ? timeoutError() : networkError();
  } finally {
    window.clearTimeout(timer);
    input.signal?.removeEventListener('abort', cancel);
  }
}

/**
 * A call of the contract. A read without an answer (no network, or no reply in time) is
 * asked once more; a write is not: it may have arrived, and only the caller knows whether
 * sending it again is safe (the help outbox sends its key with it).
 */
export async function request<C extends Call>(
  call: C,
  input: RequestInput<C>,
): Promise<ResponseOf<C>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...authHeader(call),
    ...input.headers,
  };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  const init: RequestInit = {
    method: call.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  };
  const read = call.method === 'GET';
  const timeoutMs = input.timeoutMs ?? (read ? callTimeouts.readMs : callTimeouts.writeMs);
  try {
    return await attempt(call, input, init, timeoutMs);
  } catch (error) {
    if (!read || !(error instanceof ApiError) || !error.isNetwork) throw error;
    await pause(readRetryDelayMs, input.signal);
    return attempt(call, input, init, timeoutMs);
  }
}

/** Multipart upload through XMLHttpRequest, because fetch cannot report upload progress. */
export function requestMultipart<C extends Call>(
  call: C,
  input: MultipartInput,
): Promise<ResponseOf<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  for (const [name, file] of input.files) form.append(name, file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const done = () => input.signal?.removeEventListener('abort', abort);
    xhr.open(call.method, pathOf(call, input.params));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries({ ...authHeader(call), ...input.headers })) {
      xhr.setRequestHeader(name, value);
    }
    if (input.timeoutMs) xhr.timeout = input.timeoutMs;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => {
      done();
      reject(networkError());
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, undefined, 'timeout'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.onload = () => {
      done();
      try {
        resolve(settle(call, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(xhr.status));
      }
    };
    if (input.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    input.signal?.addEventListener('abort', abort);
    xhr.send(form);
  });
}
