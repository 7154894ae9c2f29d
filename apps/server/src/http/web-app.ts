import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { siteCalls } from '@saathi/contract';
import type { AuthDeps } from '../auth/authenticate.js';
import { registerCall } from './register-call.js';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html and the
 * service worker are always revalidated so a new release reaches phones at once. The build
 * writes a Brotli (.br) and a gzip (.gz) copy beside each text file; the one the phone
 * accepts is sent as is (with Vary: Accept-Encoding), so nothing is compressed per request.
 *
 * The static plugin only lends `reply.sendFile` (its lookup under the build folder, which
 * refuses paths out of it, and its precompressed copies); the route is a contract call, as
 * every route is. One route that looks files up when asked: a route per file (GET and HEAD
 * for each of the build's ~500 files, .br and .gz copies too) cost about half a second of CPU
 * and 15 MB at every start.
 */
export async function webApp(
  app: FastifyInstance,
  auth: AuthDeps,
  webDist: string,
): Promise<boolean> {
  if (!existsSync(join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    index: false,
    preCompressed: true,
    setHeaders(res, path) {
      const immutable = path.includes(`${join(webDist, 'assets')}`);
      void res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // Sent as the build compressed it, never by the compression plugin. Fastify's HEAD of this
  // GET answers the file's length: send sets it before any byte goes.
  registerCall(
    app,
    auth,
    siteCalls.webFile,
    async ({ reply, params }) => reply.sendFile(params['*']),
    { compress: false },
  );
  return true;
}

/**
 * Client routes (/my/profile, /reset-password/...) load index.html; React Router takes over.
 * A missing build file is not one: a phone still running the previous release asks for a
 * chunk that is gone, and index.html in its place would fail as a script; a 404 lets the
 * app see the failure and reload.
 */
export function isClientRoute(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url.startsWith('/api/') || url.startsWith('/media/') || url === '/api') return false;
  if (url.startsWith('/assets/')) return false;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}
