import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedResponse } from '@saathi/contract';
import { newPost } from '../../../test/feed-factories.js';
import { bearer, blockUser, newUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { withFirstPage } from './first-page.js';

const entry = '/assets/index-Abc123.js';
const modules = ['/assets/react-Def456.js', '/assets/libs-Ghi789.js'];
const style = '/assets/index-Jkl012.css';
/** index.html as the build writes it, reduced to what the server looks for. */
const indexHtml =
  '<!doctype html><html><head><title>Saathi</title>\n' +
  `    <script type="module" crossorigin src="${entry}"></script>\n` +
  modules.map((m) => `    <link rel="modulepreload" crossorigin href="${m}">\n`).join('') +
  '</head><body>' +
  '<div id="root"><div class="boot"><div class="boot-feed"></div></div></div>\n' +
  `    <link rel="stylesheet" crossorigin href="${style}">\n  </body></html>\n`;
const breakOut = '</script><script>alert(1)</script><!-- ';

function embeddedPage(html: string): unknown {
  const m = /<script type="application\/json" id="first-feed-page">([^]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1] ?? '') : null;
}

describe('the feed page opened from the network (/)', () => {
  let t: TestApp;
  let dist: string;
  let driver: Awaited<ReturnType<typeof newUser>>;
  let lowUrl: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'saathi-dist-'));
    await writeFile(join(dist, 'index.html'), indexHtml);
    t = await startTestApp({ env: { WEB_DIST: dist } });
    const author = await newUser(t, { name: 'Asha Driver', usertype: 'driver' });
    driver = await newUser(t, { usertype: 'driver' });
    await newPost(t, author.user.id, {
      caption: 'Older post',
      createdAt: new Date(Date.now() - 60_000),
    });
    await newPost(t, author.user.id, {
      caption: `Jam at Vapi ${breakOut}`,
      lowVideoKey: 'public/posts/first/low.mp4',
      lowWidth: 360,
      lowHeight: 640,
      lowKbps: 280,
      createdAt: new Date(),
    });
    lowUrl = '/media/posts/first/low.mp4';
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const open = (cookie?: string, url = '/', headers: Record<string, string> = {}) =>
    t.app.inject({
      url,
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie: `Token=${cookie}` } : {}),
        ...headers,
      },
    });
  /** A reload: the browser asks with the ETag of the copy it keeps. */
  const reopen = (
    cookie: string | undefined,
    etag: unknown,
    headers: Record<string, string> = {},
  ) => open(cookie, '/', { 'if-none-match': String(etag), ...headers });

  it('carries the signed-in driver the first feed page, revalidated, and starts its first video', async () => {
    const res = await open(driver.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const api = await t.app.inject({
      url: '/api/v1/video/all?limit=6',
      headers: bearer(driver.token),
    });
    const page = feedResponse.parse(embeddedPage(res.body));
    expect(page).toEqual(api.json());
    expect(page.products.map((p) => p.caption)).toEqual([`Jam at Vapi ${breakOut}`, 'Older post']);
    // The lowest rendition of the first item, in the frame's feed slot, with its small poster,
    // and the script that starts it, the one inline script the CSP lets run (by its hash).
    expect(res.body).toContain(
      `<div class="boot-feed"><video data-first-video src="${lowUrl}" poster="${page.products[0]?.video?.posterSmallUrl}"`,
    );
    const starter = /<script>([^<]*)<\/script><\/div>/.exec(res.body)?.[1] ?? '';
    expect(starter).toContain('video[data-first-video]');
    // The app's scripts and stylesheet are not the page's: the starter asks for them once the
    // video has shown a picture (see the starter's own test below).
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).not.toContain('<link rel="stylesheet"');
    expect(res.body).toContain(
      ` data-app="${entry}" data-modules="${modules.join(' ')}" data-style="${style}" `,
    );
    const hash = createHash('sha256').update(starter).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('lets no caption end the embedded script', async () => {
    const res = await open(driver.token);
    expect(res.body).not.toContain('<script>alert(1)');
    // Only the two scripts the server puts in: the video's starter and the page's data.
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(res.body.match(/<!--/g)).toBeNull();
  });

  it('asks for the app only once the video has shown a picture, and runs it after its styles', async () => {
    const { head, on } = runStarter((await open(driver.token)).body);
    // Nothing shares the link (or, from a warm cache, the main thread) with the first picture.
    expect(head).toEqual([]);
    on.frame?.();
    const links = (rel: string) => head.filter((e) => e.tag === 'link' && e.rel === rel);
    expect(links('modulepreload').map((e) => e.href)).toEqual(modules);
    const [sheet] = links('stylesheet');
    expect(sheet).toMatchObject({ href: style, crossOrigin: '' });
    expect(head.filter((e) => e.tag === 'script')).toEqual([]);
    (sheet?.onload as () => void)();
    expect(head.filter((e) => e.tag === 'script')).toEqual([
      { tag: 'script', crossOrigin: '', type: 'module', src: entry },
    ]);
    // The clock's fallback, later, adds nothing twice.
    on.timeout?.();
    expect(head).toHaveLength(modules.length + 2);
  });

  it('asks for the app after 1.5 s when no picture comes', async () => {
    const { head, on } = runStarter((await open(driver.token)).body);
    on.timeout?.();
    expect(head.map((e) => e.href ?? e.src)).toEqual([...modules, style]);
  });

  it('gives anyone not signed in, a stale token or a blocked account the plain page', async () => {
    const blocked = await newUser(t);
    await blockUser(t, blocked.user.id);
    for (const cookie of [undefined, 'not-a-token', blocked.token]) {
      const res = await open(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(indexHtml);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves a shared link and the file itself (the service worker copy) plain', async () => {
    const shared = await open(driver.token, '/?v=00000000-0000-4000-8000-000000000000');
    expect(shared.body).toBe(indexHtml);
    const file = await open(driver.token, '/index.html');
    expect(file.body).toBe(indexHtml);
    const etag = file.headers.etag;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      url: '/index.html',
      headers: { cookie: `Token=${driver.token}`, 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a reload with 304 while the page is the same, per content coding', async () => {
    const tags = new Set<string>();
    for (const coding of ['br', 'gzip', 'identity']) {
      const res = await open(driver.token, '/', { 'accept-encoding': coding });
      expect(res.statusCode).toBe(200);
      const etag = String(res.headers.etag);
      // Strong, and of the exact bytes sent, so each coding has its own.
      expect(etag).toBe(`"${createHash('sha256').update(res.rawPayload).digest('base64url')}"`);
      expect(res.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
      expect(String(res.headers.vary).toLowerCase()).toBe('cookie, accept-encoding');
      tags.add(etag);

      const again = await reopen(driver.token, etag, { 'accept-encoding': coding });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
    }
    expect(tags.size).toBe(3);
    const br = await open(driver.token, '/', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe((await open(driver.token)).body);
    const otherCoding = await reopen(driver.token, br.headers.etag, { 'accept-encoding': 'gzip' });
    expect(otherCoding.statusCode).toBe(200);
  });

  it("never confirms the driver's copy to someone signed out or to another account", async () => {
    const signedIn = await open(driver.token);
    const signedOut = await reopen(undefined, signedIn.headers.etag);
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.body).toBe(indexHtml);
    expect(String(signedOut.headers.vary).toLowerCase()).toContain('cookie');

    // A like makes the two drivers' first pages differ (likedByMe).
    const [first] = feedResponse.parse(embeddedPage(signedIn.body)).products;
    const liked = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/toggle/like/${first?._id}`,
      headers: bearer(driver.token),
    });
    expect(liked.statusCode).toBe(200);
    const mine = await open(driver.token);
    const other = await newUser(t, { usertype: 'driver' });
    const theirs = await reopen(other.token, mine.headers.etag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(mine.headers.etag);
    expect(feedResponse.parse(embeddedPage(theirs.body)).products[0]?.likedByMe).toBe(false);
  });

  it('gives a new page and a new ETag once the feed has changed', async () => {
    const before = await open(driver.token);
    await newPost(t, driver.user.id, { caption: 'Diversion at Bharuch', createdAt: new Date() });
    const after = await reopen(driver.token, before.headers.etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(feedResponse.parse(embeddedPage(after.body)).products[0]?.caption).toBe(
      'Diversion at Bharuch',
    );
  });

  it('answers a non-HTML request for / as before: not found', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('withFirstPage', () => {
  it('keeps the entry script where no video starts it', () => {
    const html = withFirstPage(indexHtml, { success: true, products: [], nextCursor: null });
    expect(html).toContain(`<script type="module" crossorigin src="${entry}"></script>`);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${modules[0]}">`);
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="${style}">`);
    expect(html).not.toContain('data-first-video');
  });
});

/** An element as the starter makes it: its tag and the properties it set. */
type Added = Record<string, unknown> & { tag: string };

/**
 * Runs the page's starter against a stand-in of the few DOM calls it makes: the video's
 * attributes as the server wrote them, the head it adds to, and the callbacks it leaves with
 * the video and the clock, for the test to fire.
 */
function runStarter(html: string) {
  const starter = /<script>([^<]*)<\/script><\/div>/.exec(html)?.[1] ?? '';
  const tag = /<video data-first-video[^>]*>/.exec(html)?.[0] ?? '';
  const attributes = new Map(
    [...tag.matchAll(/ (data-[a-z]+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
  );
  const head: Added[] = [];
  const on: { frame?: () => void; timeout?: () => void } = {};
  const video = {
    getAttribute: (name: string) => attributes.get(name) ?? null,
    addEventListener: () => undefined,
    requestVideoFrameCallback: (f: () => void) => (on.frame = f),
    play: () => ({ catch: () => undefined }),
  };
  const document = {
    querySelector: () => video,
    createElement: (name: string): Added => ({ tag: name }),
    head: { appendChild: (e: Added) => head.push(e) },
  };
  const setTimeout = (f: () => void) => (on.timeout = f);
  new Function('document', 'setTimeout', starter)(document, setTimeout);
  return { head, on };
}
