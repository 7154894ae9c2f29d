import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Our policy: the web app loads only its own scripts, styles, media and workers, and runs no
 * inline script but those whose hashes the composition root (app.ts) names.
 */
const policy = (inlineScriptHashes: readonly string[]): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...inlineScriptHashes],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** The headers helmet sets for `options`, read once by running it against a bare response. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * helmet's headers on every answer. @fastify/helmet ran helmet anew for each request, which
 * parsed the policy and rebuilt a dozen middlewares every time; our policy has no per-request
 * part (no nonces), so its headers are computed once. They are set on the raw response, as
 * helmet does, so answers written to the socket directly (live streams) carry them too.
 * `inlineScriptHashes`: CSP source expressions ('sha256-...') of the pages' inline scripts.
 */
export function securityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[]): void {
  const headers = helmetHeaders(policy(inlineScriptHashes));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
