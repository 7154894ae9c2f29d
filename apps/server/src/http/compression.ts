import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits one packet anyway, and compressing it costs more than it saves. */
export const compressThresholdBytes = 1024;

/**
 * Text only. Not text/event-stream: a live stream must reach the phone event by event, not
 * when a compressor's buffer fills (the streams write to the socket themselves anyway). Not
 * octet-stream either, unlike the plugin's default: files are compressed already if at all.
 */
const compressible = /^text\/(?!event-stream)|^application\/javascript|[/+](?:json|xml)(?:;|$)/u;

/**
 * Compresses API answers on the fly, Brotli or gzip by Accept-Encoding, for every route
 * registered after it (a route opts out with `compress: false`). The built web app is
 * compressed at build time and served as such (see web-app.ts), so this skips it: an answer
 * that already has a Content-Encoding passes untouched. Request bodies are not inflated: no
 * client of ours sends them compressed, so that would only open a door (zip bombs) nobody uses.
 */
export async function compression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: compressThresholdBytes,
    customTypes: compressible,
    globalDecompression: false,
  });
}
