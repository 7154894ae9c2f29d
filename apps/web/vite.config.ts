import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';

const apiTarget = process.env.SAATHI_API ?? 'http://localhost:3000';
const themeColor = '#c2410c';

/** The admin console's code and texts: drivers never open it, so it is not precached. */
const adminModule = /[\\/]src[\\/](?:features[\\/]admin[\\/]|i18n[\\/]admin[^\\/]*\.json)/;
/** Libraries and contract schemas: in a chunk of admin code only when only admin code uses them. */
const sharedModule = /[\\/](?:node_modules|packages[\\/]contract)[\\/]/;
const isAdminChunk = (moduleIds: readonly string[]) =>
  moduleIds.some((id) => adminModule.test(id)) &&
  moduleIds.every((id) => adminModule.test(id) || sharedModule.test(id));
const day = 24 * 60 * 60;
/**
 * A feature's index.ts only re-exports (the lint holds it to that). Said to have no side effects,
 * importing one thing through it brings that thing's module alone: its other exports stay in the
 * chunks of the screens that use them (the feed's first screen gets no profile modal).
 */
const featureIndex = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * index.html paints the app's frame with its own inline CSS. The stylesheet Vite puts in the head
 * would hold that first paint back until it has downloaded: moved to the end of the body, it
 * still applies before any script runs, but the frame above it paints at once.
 */
const stylesheetAfterFrame: Plugin = {
  name: 'saathi:stylesheet-after-frame',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const sheets = html.match(/<link rel="stylesheet"[^>]*>\n?/g) ?? [];
      const rest = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
      return rest.replace(
        '</body>',
        `${sheets.map((sheet) => `  ${sheet.trim()}\n`).join('')}  </body>`,
      );
    },
  },
};

export default defineConfig({
  plugins: [
    react(),
    stylesheetAfterFrame,
    tailwindcss(),
    VitePWA({
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png', 'default-avatar.svg'],
      manifest: {
        name: 'Saathi',
        short_name: 'Saathi',
        description: 'Community and safety app for professional drivers in India',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: themeColor,
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        // Push and notification taps, and the help requests' Background Sync: small classic
        // scripts beside the generated worker.
        importScripts: ['/push-sw.js', '/outbox-sw.js'],
        // API answers and uploaded media must always come from the server, never the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/media\//],
        // The precache is fetched whole when the worker installs: the app a driver uses only.
        globIgnores: ['**/node_modules/**/*', 'assets/admin/**'],
        // Pictures kept on the phone as they are first shown, within a budget (least recently
        // used go first). Only public pictures: never videos (ranges, size), voice notes, API
        // answers nor anything that needs the session (vault and ID files come from /api).
        runtimeCaching: [
          {
            // Posters and post, profile and safety pictures: immutable under their URL.
            urlPattern: /\/media\/[^?#]+\.(?:jpe?g|png|webp|avif)$/i,
            handler: 'CacheFirst',
            options: {
              cacheName: 'media-pictures',
              // ~100 posters: at most ~12 MB at today's full size, ~2.5 MB once small.
              expiration: { maxEntries: 100, maxAgeSeconds: 30 * day, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The help screen's pictures (public/help): not hashed, so refreshed behind use.
            urlPattern: /\/help\/[^/?#]+\.(?:svg|png|jpe?g|webp)$/i,
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'help-pictures',
              expiration: { maxEntries: 20, maxAgeSeconds: 90 * day, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
    // A Brotli and a gzip copy beside every text file of the build; the server sends the one
    // the phone accepts as is (apps/server/src/http/web-app.ts), so nothing is compressed at
    // request time. A copy not smaller than its file is skipped.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(?:html|js|mjs|css|json|svg|webmanifest|txt|xml)$/,
    }),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: featureIndex, sideEffects: false }],
      },
      output: {
        // Chunks only the admin console loads go apart, for the service worker to skip.
        chunkFileNames: (chunk) =>
          isAdminChunk(chunk.moduleIds)
            ? 'assets/admin/[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        // React and the router change far less often than the app and every screen needs them:
        // a release re-downloads only app code. The other libraries the app's frame needs at
        // start (i18next, the query cache, the icons' runtime) go together in one chunk rather
        // than in many small ones. The rest stay with the chunks that use them (no catch-all
        // vendor chunk, which would put every library in the entry): a screen brings its own
        // (uqr with the ID card; zod with the API client, after the frame).
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'libs', test: /node_modules[\\/]/, tags: ['$initial'] },
            // One query-key file per entity, a few bytes each: one chunk, not one request each.
            { name: 'queryKeys', test: /[\\/]src[\\/]api[\\/]keys[\\/]/ },
          ],
        },
      },
    },
  },
});
