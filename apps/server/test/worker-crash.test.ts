import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@saathi/contract';
import { databaseUrlOf } from './database.js';
import { sendPost } from './feed-factories.js';
import { ffmpeg } from './fixtures-media.js';
import {
  bearer,
  filesUnder,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from './harness.js';
import { until } from './until.js';

const serverDir = join(import.meta.dirname, '..');
/** Kept short: the retried transcode fails rather than outlast the test on a slow machine. */
const TIME_LIMIT_SEC = 30;

interface Worker {
  child: ChildProcess;
  exited: Promise<unknown>;
}

/** `npm run worker` as it runs in production: its own process, on the shared database. */
async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('workers started')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`worker exited (${code}) before starting`)));
  });
  return { child, exited };
}

/** ffmpeg processes working on files under `dir`, whoever their parent is now. */
async function ffmpegsUnder(dir: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const argv = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    const args = argv.split('\0');
    if (args.some((a) => a.endsWith('ffmpeg')) && args.some((a) => a.includes(dir))) {
      found.push(Number(name));
    }
  }
  return found;
}

describe.runIf(process.env.TEST_DB === 'postgres' && process.env.DATABASE_URL)(
  'a worker killed with SIGKILL in the middle of a transcode',
  () => {
    let t: TestApp;
    let driver: TestUser;
    let work = '';
    let env: Record<string, string> = {};
    const workers: Worker[] = [];

    beforeAll(async () => {
      t = await startTestApp();
      driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
      work = await mkdtemp(join(tmpdir(), 'saathi-crash-'));
      env = {
        DATABASE_URL: databaseUrlOf(t.database) ?? '',
        DATA_DIR: t.dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        REDIS_URL: '',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        // The worker's temp folders land here, apart from every other test's.
        TMPDIR: work,
        VIDEO_TIME_LIMIT_SEC: String(TIME_LIMIT_SEC),
        MEDIA_CONCURRENCY: '1',
      };
    });

    afterAll(async () => {
      for (const w of workers) {
        w.child.kill('SIGTERM');
        await w.exited;
      }
      await t.close();
      await rm(work, { recursive: true, force: true });
    });

    it('leaves no ffmpeg running and the post settles within two minutes of a restart', async () => {
      // A real clip that takes seconds to transcode: 20 s of 720p.
      const clip = join(work, 'clip.mp4');
      await ffmpeg([
        ...['-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=30:duration=20'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32', '-pix_fmt', 'yuv420p', clip],
      ]);
      const first = await startWorker(env);
      workers.push(first);
      const id = await sendPost(t, driver.token, [
        { field: 'video', data: await readFile(clip), filename: 'clip.mp4', type: 'video/mp4' },
      ]);

      const running = await until('ffmpeg to transcode the clip', async () => {
        const pids = await ffmpegsUnder(work);
        return pids.length > 0 ? pids : undefined;
      });
      first.child.kill('SIGKILL');
      await first.exited;
      // A write the kill cut short, as local storage names it (the dead worker's pid).
      const pid = first.child.pid ?? 0;
      const partDir = join(t.dataDir, 'storage', 'public', 'posts', id);
      await mkdir(partDir, { recursive: true });
      await writeFile(join(partDir, `video.mp4.${pid}.${randomUUID()}.part`), 'half a video');

      // The kernel ends ffmpeg with its parent (setpriv --pdeathsig), not its own CPU limit
      // (TIME_LIMIT_SEC and a second per core), nor the end of the clip.
      await until(
        `ffmpeg ${running.join(', ')} to end with its parent`,
        async () => ((await ffmpegsUnder(work)).length === 0 ? true : undefined),
        { ms: 5_000 },
      );

      const restartedAt = Date.now();
      workers.push(await startWorker(env));
      const settled = await until(
        'the post to be processed or failed',
        async () => {
          const mine = await t.app.inject({
            method: 'GET',
            url: '/api/v1/video/mine',
            headers: bearer(driver.token),
          });
          const post = (mine.json() as { products: Product[] }).products.find((p) => p._id === id);
          return post && post.status !== 'processing' ? post : undefined;
        },
        { ms: 120_000, every: 1000 },
      );
      expect(Date.now() - restartedAt).toBeLessThan(120_000);
      expect(['ready', 'failed']).toContain(settled.status);

      const leftovers = async () => {
        const folders = (await readdir(work)).filter((n) => n.startsWith('saathi-work-'));
        const parts = (await filesUnder(join(t.dataDir, 'storage'))).filter((f) =>
          f.endsWith('.part'),
        );
        return [...folders, ...parts];
      };
      await until('no work folder or .part file to be left', async () =>
        (await leftovers()).length === 0 ? true : undefined,
      );
    }, 360_000);
  },
);
