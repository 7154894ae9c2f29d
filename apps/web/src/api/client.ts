import type { z } from 'zod';
import { blockedResponse, callPath, errorResponse, type Call } from '@saathi/contract';
import { setBlockedAccount } from './blocked';
import { ApiError, networkError } from './errors';
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

export type RequestInput<C extends Call> = ParamsInput<C> & BodyInput<C> & { signal?: AbortSignal };
export type ResponseOf<C extends Call> = z.infer<C['response']>;

export interface MultipartInput {
  fields: Record<string, string>;
  files: Record<string, Blob>;
  params?: Record<string, string>;
  onProgress?: (fraction: number) => void;
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
  // A rejected token means the session was revoked or expired: forget it so guards send to /login.
  if (status === 401 && call.auth !== 'public' && readToken()) clearToken();
  const failure = errorResponse.safeParse(json);
  throw failure.success
    ? new ApiError(status, failure.data.message, failure.data.code)
    : new ApiError(status);
}

function pathOf(call: Call, params: unknown): string {
  return callPath(call.path, (params ?? {}) as Record<string, string>);
}

export async function request<C extends Call>(
  call: C,
  input: RequestInput<C>,
): Promise<ResponseOf<C>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeader(call) };
  if (input.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(pathOf(call, input.params), {
      method: call.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
      signal: input.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  return settle(call, response.status, await response.text());
}

/** Multipart upload through XMLHttpRequest, because fetch cannot report upload progress. */
export function requestMultipart<C extends Call>(
  call: C,
  input: MultipartInput,
): Promise<ResponseOf<C>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(input.fields)) form.append(name, value);
  for (const [name, file] of Object.entries(input.files)) form.append(name, file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(call.method, pathOf(call, input.params));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeader(call))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      try {
        resolve(settle(call, xhr.status, xhr.responseText));
      } catch (error) {
        reject(error instanceof Error ? error : new ApiError(xhr.status));
      }
    };
    xhr.send(form);
  });
}
