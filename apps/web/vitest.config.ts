import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  // The root test runner calls this file from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Each file in a fresh VM context of a long-lived thread: modules and their state are the
    // file's own, as in a new worker, without a worker's start-up for each file (a third of
    // the time the same files take in 'threads'). Vitest's default is one worker fewer than
    // the cores: one on a 2-core machine. Its main process mostly waits, so both cores run tests.
    pool: 'vmThreads',
    maxWorkers: 2,
  },
});
