import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { binOf, webRoot } from './paths.js';

/** The path the bare page is served at, from the same server and origin as the app. */
export const barePagePath = '/__bare.html';
const bareScriptPath = '/__bare.js';

/**
 * One `<video>` and nothing else, started with play() as the app's player does (the
 * autoplay attribute alone waits until the browser expects to play through, which on
 * Slow 3G is most of the file). The script is a file, as the server's CSP forbids inline
 * ones; it loads while the video's first bytes do.
 */
const barePage = (videoPath: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <style>html,body{margin:0;height:100%;background:#000}video{display:block;width:100%;height:100%;object-fit:contain}</style>
  </head>
  <body>
    <video src="${videoPath}" muted autoplay playsinline loop preload="auto"></video>
    <script async src="${bareScriptPath}"></script>
  </body>
</html>
`;
const bareScript = "document.querySelector('video').play().catch(() => {});\n";

/**
 * Points the bare page at the file the app chose. The server lists its static files at
 * start, so the page must exist by then (`buildWebApp` writes it); its content is read
 * at each request.
 */
export async function writeBarePage(webDist: string, videoPath: string): Promise<void> {
  await writeFile(join(webDist, barePagePath), barePage(videoPath));
}

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: ${errors}`)),
    );
  });
}

/**
 * The production build (`npm run build`'s config) into `outDir`, so the shared apps/web/dist
 * is left alone, plus the bare page and its script beside it.
 */
export async function buildWebApp(outDir: string): Promise<void> {
  await run(binOf('vite'), ['build', '--outDir', outDir, '--emptyOutDir'], webRoot);
  await writeFile(join(outDir, bareScriptPath), bareScript);
  await writeBarePage(outDir, '');
}
