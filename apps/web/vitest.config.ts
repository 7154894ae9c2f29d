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
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Its main
    // process mostly waits, so both cores run tests; threads start faster than child processes.
    pool: 'threads',
    maxWorkers: 2,
  },
});
