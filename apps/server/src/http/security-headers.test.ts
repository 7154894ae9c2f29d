import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationStreamPath } from '@saathi/contract';
import { newUser, startTestApp, type TestApp } from '../../test/harness.js';
import { openSse } from '../../test/sse-client.js';

/**
 * An inline script's hash stands for any: the app passes its first page's in, and
 * features/feed/first-page.test.ts checks that page's script runs under the policy.
 */
const anyHash = (value: string | null | undefined) =>
  value?.replace(/'sha256-[A-Za-z0-9+/]+=*'/g, "'sha256-...'");

/** Our policy for pages, files and streams, as helmet spells it, and helmet's other headers. */
const pageHeaders = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';" +
    "frame-ancestors 'self';img-src 'self' data: blob:;object-src 'none';" +
    "script-src 'self' 'sha256-...';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';media-src 'self' blob:;" +
    "connect-src 'self';worker-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** A JSON answer's: OWASP's set for APIs, a policy that allows nothing. */
const dataHeaders = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it.each([
    ['a JSON answer', '/api/v1/video/all', 200],
    ['a refusal', '/api/v1/me', 401],
  ])('of an API call are the data set on %s, and nothing of a page’s', async (_l, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(dataHeaders))
      expect(res.headers[name]?.toString(), name).toBe(value);
    for (const name of Object.keys(pageHeaders).filter((n) => !(n in dataHeaders)))
      expect(res.headers[name], name).toBeUndefined();
  });

  it.each([
    ['an unknown API path', '/api/v1/nothing', 404],
    ['a media path', '/media/nothing.jpg', 404],
  ])('are a page’s on %s', async (_label, url, status) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    for (const [name, value] of Object.entries(pageHeaders))
      expect(anyHash(res.headers[name]?.toString()), name).toBe(value);
    expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('are on a live stream, which writes its head to the socket itself', async () => {
    const u = await newUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stream = await openSse(`http://127.0.0.1:${port}${notificationStreamPath}`, {
      cookie: `Token=${u.token}`,
    });
    try {
      expect(stream.response.status).toBe(200);
      for (const [name, value] of Object.entries(pageHeaders)) {
        expect(anyHash(stream.response.headers.get(name)), name).toBe(value);
      }
    } finally {
      stream.close();
    }
  });
});
