// npm run bench: how the feed's hot calls compare with a bare node:http server on this
// machine. A benchmark, not a test: it prints numbers and ratios and asserts nothing.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { desc, sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { memoryRateLimiter } from '../src/auth/rate-limiter.js';
import { startSession } from '../src/auth/sessions.js';
import { loadConfig } from '../src/config.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { posts, users } from '../src/db/schema/index.js';
import { encodeCursor } from '../src/db/cursor.js';
import { startJobs } from '../src/jobs/start.js';
import { outboxSmsSender } from '../src/sms/sender.js';
import { localStorage } from '../src/storage/local.js';
import { memoryHub } from '../src/realtime/hub.js';
import { seedFeed } from './seed.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const USERS = 2_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

async function measure(
  name: string,
  url: string,
  requests: autocannon.Request[],
  headers: Record<string, string> = {},
): Promise<Result> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests,
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'saathi-bench-'));
// Its own variable, never DATABASE_URL: the benchmark empties the database it is given.
const benchDatabaseUrl = process.env.BENCH_DATABASE_URL;
const config = loadConfig({
  PUBLIC_URL: 'http://bench.invalid',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: randomBytes(32).toString('hex'),
  FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  SEED_DEMO: 'false',
});
const database = benchDatabaseUrl ? openPostgres(benchDatabaseUrl) : openPglite(undefined);
await database.migrate();
if (benchDatabaseUrl) await database.db.execute(sql`truncate users cascade`);
const log = pino({ level: 'silent' });
process.stdout.write(`Seeding ${POSTS} posts by ${USERS} drivers on ${database.kind}...\n`);
await seedFeed(database.db, { users: USERS, posts: POSTS });

const storage = localStorage(join(dataDir, 'storage'));
const jobs = await startJobs({
  database,
  storage,
  log,
  workers: false,
  pushSubject: 'mailto:bench@saathi.test',
  hub: memoryHub(),
});
const app = await buildApp({
  config,
  database,
  storage,
  // Generous limits: the benchmark measures the calls, not the abuse protection.
  limiter: memoryRateLimiter(),
  sms: outboxSmsSender(join(dataDir, 'outbox.jsonl'), log),
  jobs: jobs.queue,
  hub: memoryHub(),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const authors = await database.db.select({ id: users.id }).from(users).limit(USERS);
const tokens = await Promise.all(
  authors.map(async (a) => (await startSession(database.db, config.jwtSecret, a.id)).token),
);
const newest = await database.db
  .select({ id: posts.id, createdAt: posts.createdAt })
  .from(posts)
  .orderBy(desc(posts.createdAt), desc(posts.id))
  .limit(1000);
const [deep] = await database.db
  .select({ id: posts.id, createdAt: posts.createdAt })
  .from(posts)
  .orderBy(desc(posts.createdAt), desc(posts.id))
  .offset(Math.floor(POSTS * 0.9))
  .limit(1);
if (!deep || newest.length === 0) throw new Error('seeding failed');
const deepCursor = encodeCursor(deep);
const firstPage = await (await fetch(`${base}/api/v1/video/all`)).text();
const deepCheck = await fetch(`${base}/api/v1/video/all?cursor=${deepCursor}`);
if (!deepCheck.ok)
  throw new Error(`deep page answered ${deepCheck.status}: ${await deepCheck.text()}`);

// The baseline answers the same bytes the feed's first page does, with no work behind them.
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(firstPage);
});
const barePort = await listen(bare);

let turn = 0;
const nextToken = () => tokens[turn++ % tokens.length] ?? '';
const nextPost = () => newest[turn % newest.length]?.id ?? '';

const results: Result[] = [];
results.push(
  await measure('bare node:http (fixed JSON)', `http://127.0.0.1:${barePort}/`, [
    { method: 'GET' },
  ]),
);
results.push(await measure('feed, first page', `${base}/api/v1/video/all`, [{ method: 'GET' }]));
results.push(
  await measure('feed, page at 90% depth', `${base}/api/v1/video/all?cursor=${deepCursor}`, [
    { method: 'GET' },
  ]),
);
results.push(
  await measure('like toggle', base, [
    {
      method: 'PUT',
      setupRequest: (req) => ({
        ...req,
        path: `/api/v1/toggle/like/${nextPost()}`,
        headers: { ...req.headers, authorization: `Bearer ${nextToken()}` },
      }),
    },
  ]),
);
results.push(
  await measure('add comment', base, [
    {
      method: 'POST',
      setupRequest: (req) => ({
        ...req,
        path: `/api/v1/video/${nextPost()}/comment`,
        headers: {
          ...req.headers,
          authorization: `Bearer ${nextToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ comment: `Safe travels ${randomUUID().slice(0, 8)}` }),
      }),
    },
  ]),
);

const baseline = results[0] as Result;
const pad = (s: string, n: number) => s.padEnd(n);
process.stdout.write(
  `\n${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s each, database ${database.kind}\n\n`,
);
process.stdout.write(
  `${pad('call', 28)}${pad('req/s', 10)}${pad('p50 ms', 9)}${pad('p99 ms', 9)}${pad('errors', 8)}bare/call (req/s)\n`,
);
for (const r of results) {
  process.stdout.write(
    `${pad(r.name, 28)}${pad(r.rps.toFixed(0), 10)}${pad(String(r.p50), 9)}${pad(String(r.p99), 9)}${pad(String(r.errors), 8)}${(baseline.rps / Math.max(r.rps, 1)).toFixed(1)}x\n`,
  );
}

bare.close();
await app.close();
await jobs.stop();
await database.close();
await rm(dataDir, { recursive: true, force: true });
