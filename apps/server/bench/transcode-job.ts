// One post's transcode in its own process, as the worker process (npm run worker) runs it
// beside the API: the post worker's function with the post worker's options (jobs-root.ts,
// features/feed/process-post.ts). argv[2]: the clip; argv[3]: the folder for the outputs.
// Prints "ready" once loaded and waits for a line on stdin, so the load generator can be
// measuring before the work starts and module loading stays out of the window; then prints
// one JSON line: { wallMs }.
import { once } from 'node:events';
import { join } from 'node:path';
import { mediaDefaults } from '../src/config.js';
import { transcodeRenditions } from '../src/media/transcode-video.js';

const [input, outDir] = process.argv.slice(2);
if (!input || !outDir) throw new Error('usage: transcode-job.ts <clip> <output folder>');
process.stdout.write('ready\n');
await once(process.stdin, 'data');
const t0 = performance.now();
const result = await transcodeRenditions(
  input,
  { full: join(outDir, 'video.mp4'), low: join(outDir, 'video-360.mp4') },
  { timeLimit: { maxSec: mediaDefaults().videoTimeLimitSec } },
);
if (!result.full || !result.low) throw new Error('transcode answered without its outputs');
process.stdout.write(`${JSON.stringify({ wallMs: performance.now() - t0 })}\n`);
process.stdin.destroy();
