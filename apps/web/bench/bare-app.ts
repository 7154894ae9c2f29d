import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { repoRoot } from './paths.js';

/**
 * The smallest Vite + React app: one heading through react-dom/client. Its sources sit in
 * the repository (under the ignored test-results/) so that react and react-dom resolve from
 * the same node_modules as the app's, and it is built by the same vite and plugin.
 */
export async function buildBareApp(outDir: string): Promise<void> {
  const src = join(repoRoot, 'test-results/bench-field/bare-app');
  await mkdir(src, { recursive: true });
  await writeFile(
    join(src, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="UTF-8" /><title>bare</title></head>' +
      '<body><div id="root"></div><script type="module" src="/main.tsx"></script></body></html>\n',
  );
  await writeFile(
    join(src, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\n\n" +
      "createRoot(document.getElementById('root')!).render(<h1>hi</h1>);\n",
  );
  try {
    await build({
      configFile: false,
      root: src,
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    await rm(src, { recursive: true, force: true });
  }
}
