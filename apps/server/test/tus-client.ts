import type { UploadPurpose } from '@saathi/contract';
import { bearer, type TestApp } from './harness.js';

/** tus 1.0 requests through app.inject, as tus-js-client sends them. */
const tus = { 'tus-resumable': '1.0.0' };

export const purposeMetadata = (purpose: string) =>
  `purpose ${Buffer.from(purpose).toString('base64')},filename ${Buffer.from('clip.mp4').toString('base64')}`;

export function tusCreate(
  t: TestApp,
  token: string,
  size: number,
  purpose: UploadPurpose | string = 'video',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      ...tus,
      ...bearer(token),
      'upload-length': String(size),
      'upload-metadata': purposeMetadata(purpose),
    },
  });
}

/** Creates an upload and answers its URL (the Location header). */
export async function newUpload(
  t: TestApp,
  token: string,
  size: number,
  purpose: UploadPurpose = 'video',
): Promise<string> {
  const res = await tusCreate(t, token, size, purpose);
  if (res.statusCode !== 201) throw new Error(`upload not created: ${res.statusCode} ${res.body}`);
  return String(res.headers.location);
}

export const uploadIdOf = (url: string) => url.split('/').at(-1) ?? '';

export function tusPatch(t: TestApp, token: string, url: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url,
    headers: {
      ...tus,
      ...bearer(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: bytes,
  });
}

export function tusHead(t: TestApp, token: string, url: string) {
  return t.app.inject({ method: 'HEAD', url, headers: { ...tus, ...bearer(token) } });
}

export function tusDelete(t: TestApp, token: string, url: string) {
  return t.app.inject({ method: 'DELETE', url, headers: { ...tus, ...bearer(token) } });
}

/** A whole file in one go; answers its upload id. */
export async function uploaded(
  t: TestApp,
  token: string,
  bytes: Buffer,
  purpose: UploadPurpose,
): Promise<string> {
  const url = await newUpload(t, token, bytes.length, purpose);
  const res = await tusPatch(t, token, url, 0, bytes);
  if (res.statusCode !== 204) throw new Error(`upload not finished: ${res.statusCode} ${res.body}`);
  return uploadIdOf(url);
}
