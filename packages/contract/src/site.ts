import { z } from 'zod';
import { defineCall } from './call.js';
import { fileBody, noBody } from './common.js';

/** The media file's key under public/ in storage. */
const mediaPath = z.object({ '*': z.string() });
/** A file of the built web app, by its path under the build folder. */
const webFilePath = z.object({ '*': z.string() });

/** What the server answers outside the API: the web app's first page and public media. */
export const siteCalls = {
  firstPage: defineCall({
    method: 'GET',
    path: '/',
    summary:
      "The web app's page; a signed-in driver's carries the feed's first page and starts its first video",
    auth: 'optional',
    response: z.string(),
    raw: { type: 'text/html' },
    hidden: true,
  }),
  media: defineCall({
    method: 'GET',
    path: '/media/*',
    summary: 'Public media (posters, videos, processed images), with ranges and validators',
    auth: 'public',
    params: mediaPath,
    response: fileBody,
    raw: { type: 'application/octet-stream' },
    hidden: true,
  }),
  /** Its own call: the HEAD Fastify makes of a GET would answer a length of 0. */
  mediaHead: defineCall({
    method: 'HEAD',
    path: '/media/*',
    summary: "A public media file's length, type and validators",
    auth: 'public',
    params: mediaPath,
    response: noBody,
    raw: {},
    hidden: true,
  }),
  /**
   * The built web app's files (scripts, styles, icons, the service worker), each sent as the
   * build's Brotli or gzip copy when the phone takes it; a path that is no file goes on to the
   * not-found handler (a client route gets index.html, anything else a 404).
   */
  webFile: defineCall({
    method: 'GET',
    path: '/*',
    summary: 'A file of the built web app, precompressed, cached for a year when it is hashed',
    auth: 'public',
    params: webFilePath,
    response: fileBody,
    raw: { type: 'application/octet-stream' },
    hidden: true,
  }),
};
