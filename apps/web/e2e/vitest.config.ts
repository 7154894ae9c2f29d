import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['**/*.e2e.ts'],
    // The server's test harness starts each database from one migrated PGlite snapshot.
    globalSetup: ['../../server/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file runs its own server and browser; one at a time keeps a 2-core machine steady.
    fileParallelism: false,
    // One process runs every file, so the server's modules are imported and PGlite's wasm
    // compiled once for the suite; each file still starts its own server on its own database.
    isolate: false,
  },
});
