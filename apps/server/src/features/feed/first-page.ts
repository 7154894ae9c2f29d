import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { feedResponse, limits, siteCalls, type Product } from '@saathi/contract';
import type { z } from 'zod';
import type { AuthDeps } from '../../auth/authenticate.js';
import { isBlocked } from '../../auth/viewer.js';
import { sendPersonalPage } from '../../http/personal-page.js';
import { registerCall } from '../../http/register-call.js';
import { isClientRoute } from '../../http/web-app.js';
import type { PostService } from './posts.service.js';

type FeedPage = z.infer<typeof feedResponse>;

/** The element of index.html's frame where the feed will be; the first video goes in it. */
const feedSlot = '<div class="boot-feed"></div>';
/** Read by the web app (apps/web/src/features/feed/firstPage.ts) before its first render. */
const firstPageElementId = 'first-feed-page';
/**
 * Starts the frame's video at once, muted, before the app's script has arrived. Inline, so
 * no request of its own waits in line behind the app's: the CSP lets exactly this text run
 * by its hash (http/security-headers.ts), and no other inline script.
 *
 * It also holds the app back until that video has shown a picture, failed, or 1.5 s passed,
 * and only then asks for the app's stylesheet (`data-style`) and modules (`data-modules`,
 * modulepreloads, then the entry `data-app`, run once the stylesheet has loaded or failed,
 * as it ran behind that stylesheet before). Asked for with the page, they held the picture
 * back: on a slow link their ~145 kB shared it with the video (the field bench's Slow 3G
 * cold start: 3.7 s against a bare page's 1.8 s), and from a warm cache they were compiled
 * and styled on a slow phone's main thread before the picture showed (Fast 3G warm: 0.8 s
 * against 0.5 s). The app's frame is painted by index.html's inline CSS meanwhile, and the
 * app's first render waits for that picture anyway (apps/web/src/app/firstData.ts).
 */
const firstVideoStarter =
  "(function () { var v = document.querySelector('video[data-first-video]'); " +
  'var started = false; ' +
  "function add(tag, props) { var e = document.createElement(tag); e.crossOrigin = ''; " +
  'for (var k in props) e[k] = props[k]; document.head.appendChild(e); } ' +
  "function run() { add('script', { type: 'module', src: v.getAttribute('data-app') }); } " +
  'function boot() { if (started) return; started = true; ' +
  "(v.getAttribute('data-modules') || '').split(' ').forEach(function (href) { " +
  "if (href) add('link', { rel: 'modulepreload', href: href }); }); " +
  "var css = v.getAttribute('data-style'); " +
  "if (css) add('link', { rel: 'stylesheet', href: css, onload: run, onerror: run }); " +
  'else run(); } ' +
  "v.addEventListener('error', boot); " +
  'if (v.requestVideoFrameCallback) v.requestVideoFrameCallback(boot); ' +
  "else v.addEventListener('playing', boot); " +
  'setTimeout(boot, 1500); v.play().catch(boot); })();';
export const firstVideoStarterHash = `'sha256-${createHash('sha256').update(firstVideoStarter).digest('base64')}'`;

/**
 * JSON inside <script>: `<` as \u003c so no `</script>` (nor `<!--`) in a caption can end the
 * element early, and the line separators JavaScript once refused, escaped too.
 */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const attribute = (text: string) =>
  text.replace(
    /[&"'<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', "'": '&#39;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );

/** The app's entry, its modulepreloads and stylesheet, as Vite writes them into index.html. */
const entryScript = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreloads = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const stylesheet = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/;

/** What the starter asks for once the first video has shown a picture. */
interface HeldApp {
  entry: string;
  modules: string[];
  style: string | null;
}

/**
 * The first video of the page, fetched and played by the HTML itself while the app waits:
 * its lowest rendition (the server does not know the network; Save-Data asks for the
 * lowest anyway), muted. The feed's player takes the same URL over, finding it in the
 * browser's media cache. The starter then loads and runs the app (`held`).
 */
function firstVideo(video: NonNullable<Product['video']>, held: HeldApp): string {
  const low = video.renditions[0];
  if (!low) return '';
  return (
    `<video data-first-video src="${attribute(low.url)}" poster="${attribute(video.posterSmallUrl)}"` +
    ` data-app="${attribute(held.entry)}" data-modules="${attribute(held.modules.join(' '))}"` +
    (held.style ? ` data-style="${attribute(held.style)}"` : '') +
    ' preload="auto" muted playsinline loop aria-hidden="true"></video>' +
    `<script>${firstVideoStarter}</script>`
  );
}

/**
 * index.html with the feed's first page in it, and its first video already on its way. With a
 * video, the app's entry, modulepreloads and stylesheet leave the page for the video's
 * starter, which asks for them once the video has shown a picture.
 */
export function withFirstPage(html: string, page: FeedPage): string {
  const data =
    `<script type="application/json" id="${firstPageElementId}">` +
    `${scriptSafeJson(page)}</script>`;
  const video = page.products[0]?.video;
  const entry = entryScript.exec(html)?.[1];
  const held =
    video?.renditions[0] && entry
      ? {
          entry,
          modules: [...html.matchAll(modulePreloads)].map((m) => m[1] ?? ''),
          style: stylesheet.exec(html)?.[1] ?? null,
        }
      : null;
  const head = held
    ? html.replace(entryScript, '').replace(modulePreloads, '').replace(stylesheet, '')
    : html;
  return head
    .replace(
      feedSlot,
      feedSlot.replace('></div>', `>${video && held ? firstVideo(video, held) : ''}</div>`),
    )
    .replace('</body>', `${data}\n  </body>`);
}

/**
 * `/`, the feed, opened from the network: for a signed-in driver, index.html carries the
 * feed's first page (the app's first call, as that driver would get it) and starts the first
 * video, so neither waits for the JavaScript. Never the service worker's copy of index.html,
 * which is the plain file. Anyone else, or a shared link (?v=), gets the plain file as every
 * other client route does; the answer depends on the cookie either way (Vary: Cookie).
 *
 * The driver's answer is kept by the browser and revalidated (http/personal-page.ts): a warm
 * start then costs a 304, as the plain file does, instead of the whole page. Kept means on
 * the phone's disk, where `no-store` kept nothing; what lands there is the feed's first page,
 * the same posts, counts and likedByMe that `GET /api/v1/video/all` answers the same driver
 * (with no Cache-Control, so the browser may keep that too) and that the app already keeps in
 * localStorage for offline reading, plus the public index.html: no token, no contact details,
 * nothing of the account itself.
 * `private` keeps it out of shared caches; after a sign-out or with another account the
 * cookie differs, so the stored copy is never shown without a full answer for that caller.
 */
export function firstPageRoute(
  app: FastifyInstance,
  auth: AuthDeps,
  posts: PostService,
  webDist: string,
): void {
  registerCall(
    app,
    auth,
    siteCalls.firstPage,
    async ({ request, reply, viewer }) => {
      if (!isClientRoute(request.method, request.url, request.headers.accept)) {
        reply.callNotFound();
        return reply;
      }
      // A blocked account is let through the guard to get the plain page, as anyone else.
      const reader =
        Object.keys(request.query ?? {}).length === 0 && viewer && !isBlocked(viewer.user)
          ? viewer
          : null;
      if (!reader) {
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie')
          .sendFile('index.html');
      }
      const page = feedResponse.parse(
        await posts.feed({ limit: limits.feedPageApp, emergency: false }, reader),
      );
      const html = await readFile(join(webDist, 'index.html'), 'utf8');
      return sendPersonalPage(request, reply, withFirstPage(html, page));
    },
    // Compressed here or by the build (the plain file's .br/.gz), never by the plugin.
    { allowBlocked: true, compress: false },
  );
}
