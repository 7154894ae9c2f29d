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
 * A contract call's JSON answer is never a page: nothing in it is
 * rendered, run or framed. It gets the headers OWASP's REST Security cheat sheet names for
 * APIs: a policy that allows nothing, nosniff so a browser never reads JSON as HTML, and the
 * same resource, referrer, transport and framing rules as pages (framing denied outright).
 * helmet's page headers (the scripts' policy, cross-origin isolation, switches for old
 * Internet Explorer) mean nothing there and were about a kilobyte on every answer: bytes a
 * phone on 3G downloads with each call, and a tenth of the API's socket and parsing work.
 */
const dataAnswerHeaders: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

/**
 * The headers of every answer: the data headers above on a contract call's JSON answer,
 * helmet's on everything else (the web app's pages and files, the docs, media, live streams,
 * a call's file answer, which an admin opens in a tab, and answers to no route). @fastify/helmet ran helmet anew for
 * each request, which parsed the policy and rebuilt a dozen middlewares every time; our policy
 * has no per-request part (no nonces), so its headers are computed once. They are set on the
 * raw response, as helmet does, so answers written to the socket directly (live streams)
 * carry them too. `inlineScriptHashes`: CSP source expressions ('sha256-...') of the pages'
 * inline scripts.
 */
export function securityHeaders(app: FastifyInstance, inlineScriptHashes: readonly string[]): void {
  const pageHeaders = helmetHeaders(policy(inlineScriptHashes));
  app.addHook('onRequest', (request, reply, done) => {
    const call = request.routeOptions.config.call;
    const headers = call && !call.file && !call.raw ? dataAnswerHeaders : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
