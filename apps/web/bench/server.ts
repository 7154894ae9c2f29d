import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { binOf, repoRoot } from './paths.js';

export interface BenchServer {
  url: string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** This shell's environment without its database, Redis and bucket: the bench has its own. */
function ownEnv(): NodeJS.ProcessEnv {
  const shared = /^(DATABASE_URL|REDIS_URL|S3_|JWT_SECRET|FILE_ENCRYPTION_KEY)/;
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !shared.test(name)));
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * The real server (`npm start`'s entry, workers included) as a child process on a free
 * port, with its own data folder, the demo accounts and the given web build. Its output
 * goes to DATA_DIR/server.log, shown when it fails to start.
 */
export async function startServer(webDist: string, dataDir: string): Promise<BenchServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  await mkdir(dataDir, { recursive: true });
  const logFile = join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(binOf('tsx'), ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...ownEnv(),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DEMO: 'true',
      // The bench seeds its own videos; the demo community would load the machine meanwhile.
      SEED_COMMUNITY: 'false',
      RUN_WORKERS: 'true',
      // Seeding and the browser all come from 127.0.0.1: the per-address backstop would count them.
      API_CALLS_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited(child);
    log.end();
  };
  for (let waited = 0; waited < 90_000; waited += 500) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/v1/video/all`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await sleep(500);
  }
  await stop();
  throw new Error(`the server did not start:\n${await readFile(logFile, 'utf8')}`);
}
