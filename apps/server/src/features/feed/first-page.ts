import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { feedResponse, limits, type Product } from '@saathi/contract';
import type { z } from 'zod';
import { authenticate, type AuthDeps } from '../../auth/authenticate.js';
import type { Viewer } from '../../auth/viewer.js';
import { sendPersonalPage } from '../../http/personal-page.js';
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
 */
const firstVideoStarter =
  "document.querySelector('video[data-first-video]').play().catch(function () {});";
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

/**
 * The first video of the page, fetched and played by the HTML itself while the app's script
 * loads: its lowest rendition (the server does not know the network; Save-Data asks for the
 * lowest anyway), muted. The feed's player takes the same URL over, finding it in the
 * browser's media cache.
 */
function firstVideo(post: Product | undefined): string {
  const video = post?.video;
  const low = video?.renditions[0];
  if (!video || !low) return '';
  return (
    `<video data-first-video src="${attribute(low.url)}" poster="${attribute(video.posterSmallUrl)}"` +
    ' preload="auto" muted playsinline loop aria-hidden="true"></video>' +
    `<script>${firstVideoStarter}</script>`
  );
}

/** index.html with the feed's first page in it, and its first video already on its way. */
export function withFirstPage(html: string, page: FeedPage): string {
  const data =
    `<script type="application/json" id="${firstPageElementId}">` +
    `${scriptSafeJson(page)}</script>`;
  return html
    .replace(feedSlot, feedSlot.replace('></div>', `>${firstVideo(page.products[0])}</div>`))
    .replace('</body>', `${data}\n  </body>`);
}

/** A signed-in, not blocked caller from the session cookie; anyone else gets the plain page. */
async function signedIn(auth: AuthDeps, request: FastifyRequest): Promise<Viewer | null> {
  try {
    return await authenticate(auth, request, { required: false, allowBlocked: false });
  } catch {
    return null;
  }
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
  // Compressed here or by the build (the plain file's .br/.gz), never by the plugin.
  app.get(
    '/',
    { schema: { hide: true }, compress: false },
    async (request, reply: FastifyReply) => {
      if (!isClientRoute(request.method, request.url, request.headers.accept)) {
        return reply.callNotFound();
      }
      const viewer =
        Object.keys(request.query ?? {}).length === 0 && (await signedIn(auth, request));
      if (!viewer) {
        return reply
          .header('cache-control', 'no-cache')
          .header('vary', 'Cookie')
          .sendFile('index.html');
      }
      const page = feedResponse.parse(
        await posts.feed({ limit: limits.feedPageApp, emergency: false }, viewer),
      );
      const html = await readFile(join(webDist, 'index.html'), 'utf8');
      return sendPersonalPage(request, reply, withFirstPage(html, page));
    },
  );
}
