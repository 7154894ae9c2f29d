import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Where the server's files are, whether this code runs as its TypeScript source under tsx
 * (src/config.ts...) or inside a bundle (dist/main.js, dist/scripts/create-admin.js): each
 * bundle sits at its own depth, so paths relative to import.meta.url would differ between them.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: unknown;
      };
      if (manifest.name === '@saathi/server') return dir;
    } catch {
      // No package.json here, or not one we can read: keep climbing.
    }
    if (dirname(dir) === dir) throw new Error(`No @saathi/server package above ${from}`);
  }
}

/** apps/server: holds src/, dist/ (the compiled build) and drizzle/ (the migrations). */
export const serverRoot = findServerRoot(dirname(fileURLToPath(import.meta.url)));

/** True in the compiled build (npm start), false under tsx (npm run dev, the tests). */
export const compiled = import.meta.url.endsWith('.js');

/**
 * How to fork one of the server's own modules, named from src/ without extension
 * ('media/heif-child'): its compiled .js beside the bundle, or its .ts source through tsx's
 * loader (named by file URL so it resolves from any working directory).
 */
export function forkTarget(module: string): { modulePath: string; execArgv: string[] } {
  if (compiled) return { modulePath: join(serverRoot, 'dist', `${module}.js`), execArgv: [] };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { modulePath: join(serverRoot, 'src', `${module}.ts`), execArgv: ['--import', tsx] };
}
