import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['**/*.e2e.ts'],
    // The server's test harness starts each database from one migrated PGlite snapshot.
    globalSetup: ['../../server/test/global-setup.ts'],
    // The servers' media work at full priority, as in the server suite (its vitest.config.ts).
    env: { MEDIA_NICENESS: '0' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file runs its own server; a worker's files share one Chromium (support/browser.ts),
    // each in its own contexts. Two at a time: one file alone leaves a 2-core machine idle about half the time (waiting on throttled networks, timers the spec sets,
    // cut connections), and the suite took 9 minutes.
    maxWorkers: 2,
    // A worker runs file after file, so the server's modules are imported and PGlite's wasm
    // compiled once per worker; each file still starts its own server on its own database.
    isolate: false,
  },
});
