import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { siteCalls } from '@saathi/contract';
import type { AuthDeps } from '../auth/authenticate.js';
import type { Storage } from '../storage/storage.js';
import { notModified, rangeApplies } from './conditional.js';
import { registerCall } from './register-call.js';

/**
 * bytes=start-end, bytes=start- or bytes=-suffix; 'invalid' when unsatisfiable; undefined
 * when absent or not one we serve: RFC 9110 14.2 has a server ignore a range unit it does not
 * know, and lets it ignore a list of ranges (this one sends no multipart answers), so both
 * get the whole file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | undefined {
  const value = header?.trim();
  if (!value || !/^bytes=/i.test(value) || value.includes(',')) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/i.exec(value);
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Public media (posters, transcoded videos, processed images) from whatever storage is
 * configured, with range requests so phones can seek and start playing before the end.
 * Only keys under public/ are reachable; private documents never are.
 */
export function mediaRoute(app: FastifyInstance, auth: AuthDeps, storage: Storage): void {
  // The HEAD first: a GET's own HEAD would otherwise take the path.
  for (const call of [siteCalls.mediaHead, siteCalls.media]) {
    // Videos and pictures are compressed already, and a range must count the stored bytes.
    registerCall(
      app,
      auth,
      call,
      ({ request, reply, params }) => sendMedia(storage, request, reply, params['*']),
      {
        compress: false,
      },
    );
  }
}

async function sendMedia(
  storage: Storage,
  request: FastifyRequest,
  reply: FastifyReply,
  rest: string,
): Promise<FastifyReply> {
  if (!rest || rest.split('/').some((s) => s === '..' || s === '' || s.startsWith('.'))) {
    reply.callNotFound();
    return reply;
  }
  const key = `public/${rest}`;
  const object = await storage.stat(key);
  if (!object) {
    reply.callNotFound();
    return reply;
  }
  // Processed media never change under their URL; the validators let a phone (or a
  // CDN) whose copy expired or was evicted confirm it with a 304 instead of refetching.
  void reply
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', object.etag)
    .header('last-modified', object.modified.toUTCString());
  if (notModified(request.headers, object)) return reply.status(304).send();
  void reply.header('accept-ranges', 'bytes').header('content-type', object.contentType);
  const range = rangeApplies(request.headers, object)
    ? parseRange(request.headers.range, object.size)
    : undefined;
  if (range === 'invalid') {
    return reply.status(416).header('content-range', `bytes */${object.size}`).send();
  }
  if (range) {
    void reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    void reply.header('content-length', object.size);
  }
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await storage.read(key, range));
}
