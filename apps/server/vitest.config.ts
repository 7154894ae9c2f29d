import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // Generous: media work on a loaded 2-core CI machine is slow; polls wait on test/until.ts.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file gets its own database; two workers fit the 2-core machines this runs on.
    maxWorkers: 2,
    // A worker runs file after file in one process, so the app's modules are imported and
    // PGlite's wasm compiled once per worker, not once per file (seconds each). Safe because
    // tests mock no modules and each file builds its own app on its own database.
    isolate: false,
  },
});
