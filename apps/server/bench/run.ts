// npm run bench: each hot call against the app and against its floor (floor-server.ts: the
// same SQL on the plain driver, the same JSON, nothing else), each server in its own process
// and the load generator in a third. A benchmark, not a test: it prints figures and ratios.
//
// The app is production's: apps/server/dist/main.js, built first (scripts/build.mjs, nothing
// to do when the sources have not changed), as an API process (RUN_WORKERS=false) logging at
// the default level. BENCH_CPU_PROF=<dir> writes its CPU profile there when it stops (the
// floor's to <dir>-floor);
// BENCH_CALLS='<name>;<name>' measures only those calls (names as printed).
//
// Then, on the app (transcode.ts), the API's p99 at a modest fixed rate while a 30 s
// 1080x1920 phone clip (made here with ffmpeg's test sources) transcodes in its own process
// through the post worker's function, against the same rate idle, and the transcode's wall
// time against the clip's length, three times over (TRANSCODE_RUNS) with the idle and busy
// spans alternating; and the same on the floor, whose ratio says how much of the app's is
// the machine's (a small VM's CPUs slow everything while ffmpeg holds them).
// BENCH_TRANSCODE=false leaves this out.
//
// PostgreSQL (BENCH_DATABASE_URL, a database it may EMPTY): app and floor run side by side on
// the one database, each call measured on the app then on the floor.
// PGlite (no BENCH_DATABASE_URL): one process owns a data dir, so the seeded dir is copied and
// app and floor each open their own copy, one after the other: same data, never shared.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { desc, sql } from 'drizzle-orm';
import { startSession } from '../src/auth/sessions.js';
import { openPglite, openPostgres } from '../src/db/client.js';
import { encodeCursor } from '../src/db/cursor.js';
import { posts, users } from '../src/db/schema/index.js';
import { createNotificationQueues } from '../src/features/notifications/jobs.js';
import { createBoss } from '../src/jobs/boss.js';
import { FRESH_LOADS, hotCalls, send, type Fixtures, type HotCall } from './calls.js';
import { startServer, type Started } from './process-metrics.js';
import {
  medianOf,
  printReport,
  type Measured,
  type ProcessFigures,
  type Row,
  type TranscodeOutcome,
} from './report.js';
import { seedFeed } from './seed.js';
import { makeClip, measureTranscode } from './transcode.js';

const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const USERS = 2_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const ONLY = process.env.BENCH_CALLS?.split(';').map((name) => name.trim());
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const TRANSCODE = process.env.BENCH_TRANSCODE !== 'false';
/** Seconds of unmeasured load per call and server before the measured rounds. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const run = promisify(execFile);

await run(process.execPath, [here('../../../scripts/build.mjs'), 'server']);
const appArgs = [
  ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []),
  // As `npm start` runs it (apps/server/package.json; why: docs/operations.md).
  '--max-semi-space-size=8',
  '--gc-memory-reducer-start-delay-ms=2000',
  here('../dist/main.js'),
];
const floorArgs = [
  ...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR + '-floor'] : []),
  '--import',
  'tsx',
  here('./floor-server.ts'),
];
const measured = hotCalls.filter((c) => !ONLY || ONLY.includes(c.name));

const secrets = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};
// Its own variable, never DATABASE_URL: the benchmark empties the database it is given.
const url = process.env.BENCH_DATABASE_URL;
const work = await mkdtemp(join(tmpdir(), 'saathi-bench-'));
const seededDir = join(work, 'seeded');

const database = url ? openPostgres(url) : openPglite(seededDir);
await database.migrate();
if (url) await database.db.execute(sql`truncate users cascade`);
process.stdout.write(`Seeding ${POSTS} posts by ${USERS} drivers on ${database.kind}...\n`);
await seedFeed(database.db, { users: USERS, posts: POSTS });
const authors = await database.db.select({ id: users.id }).from(users).limit(USERS);
const secret = new TextEncoder().encode(secrets.JWT_SECRET);
const tokens = await Promise.all(
  authors.map(async (a) => (await startSession(database.db, secret, a.id)).token),
);
const byNewest = () =>
  database.db
    .select({ id: posts.id, userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id));
const newest = await byNewest().limit(500);
const [deep] = await byNewest()
  .offset(Math.floor(POSTS * 0.9))
  .limit(1);
if (!deep || newest.length === 0) throw new Error('seeding failed');
const fixtures: Fixtures = {
  tokens,
  userIds: authors.map((a) => a.id),
  postIds: newest.map((p) => p.id),
  postAuthorIds: newest.map((p) => p.userId),
  deepCursor: encodeCursor(deep),
};
// The push queue the floor sends to, as the app's start-up makes it (a copied PGlite dir
// must already hold it: the floor does not start pg-boss).
const boss = createBoss(database, { supervise: false, schedule: false });
await boss.start();
await createNotificationQueues(boss);
await boss.stop({ graceful: false });
await database.close();
// Read by each load process: 2,000 tokens are too long for its command line.
const fixturesFile = join(work, 'fixtures.json');
await writeFile(fixturesFile, JSON.stringify(fixtures));
const clip = TRANSCODE ? await makeClip(work) : null;
const transcode: { app?: TranscodeOutcome; floor?: TranscodeOutcome } = {};
// A transcode the product's own time limit stops (a machine too busy) is a figure too: the
// table above is printed all the same.
const measureTranscodeOn = async (side: 'app' | 'floor', server: Started) => {
  if (!clip) return;
  transcode[side] = await measureTranscode(server.base, clip, work, fixturesFile).catch(
    (error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }),
  );
};

/** One answer of each read (or write) call from a server, before any load. */
const answers = new Map<string, { status: number; body: unknown }[]>();
async function firstAnswers(server: Started, writes: boolean): Promise<void> {
  for (const call of hotCalls.filter((c) => c.write === writes)) {
    // The last fresh load's pairs: the measured loads (two a round) use the first ones.
    const [r, undo] = call.requests(fixtures, 3, FRESH_LOADS - 1);
    if (!r) continue;
    const res = await send(server.base, r);
    const body: unknown = await res.json();
    answers.set(call.name, [...(answers.get(call.name) ?? []), { status: res.status, body }]);
    // Undo what can be undone (unlike, unfollow), so the other server starts alike.
    if (undo) await send(server.base, undo);
    else if (call.name === 'like toggle') await send(server.base, r);
  }
}

/** Reads must match exactly; writes (new ids and times) in shape. */
const shape = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(shape)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort()
            .map(([k, x]) => [k, shape(x)]),
        )
      : typeof v;
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort()
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
/** The first place two answers differ, for the error message. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | null {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
    return null;
  }
  return a === b ? null : `${path}: app ${JSON.stringify(a)}, floor ${JSON.stringify(b)}`;
}
function compareAnswers(): void {
  for (const call of hotCalls) {
    const [app, floor] = answers.get(call.name) ?? [];
    const norm = call.write ? shape : canonical;
    const same =
      app?.status === 200 &&
      floor?.status === 200 &&
      JSON.stringify(norm(app.body)) === JSON.stringify(norm(floor.body));
    if (!same) {
      throw new Error(
        `${call.name}: the floor does not answer what the app does: ${firstDifference(
          app && { body: app.status === 200 ? norm(app.body) : app.body, status: app.status },
          floor && {
            body: floor.status === 200 ? norm(floor.body) : floor.body,
            status: floor.status,
          },
        )}`,
      );
    }
  }
  process.stdout.write('Floor answers match the app for every call.\n');
}

/**
 * On PostgreSQL both sides write to one database: a like's or follow's first time stores and
 * delivers a notification and a repeat is deduplicated, so a side given the pairs another
 * load already used would only meet its leftovers (about a third of the statements). Each
 * load's callers start one further along the list, and its likes and follows keep to pairs
 * of its own (calls.ts): the same work on pairs no one has touched.
 */
async function load(
  server: Started,
  call: string,
  side: Side,
  round: number,
  seconds = SECONDS,
): Promise<Measured> {
  const spec = {
    url: server.base,
    call,
    seconds,
    connections: CONNECTIONS,
    fixturesFile,
    callersFrom: 2 * round + (side === 'floor' ? 1 : 0),
  };
  const cpuBefore = await server.cpuMs();
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', here('./load.ts'), JSON.stringify(spec)],
    {
      maxBuffer: 1 << 20,
    },
  );
  const cpuMs = (await server.cpuMs()) - cpuBefore;
  const measured = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Measured & {
    requests: number;
  };
  return { ...measured, cpuUs: measured.requests > 0 ? (cpuMs * 1000) / measured.requests : 0 };
}

/** main.js's own settings: PORT 0 (it logs the port it got), no demo data, no job workers. */
const appEnv = (dir: string): Record<string, string> => ({
  ...secrets,
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  PUBLIC_URL: 'http://bench.invalid',
  SEED_DEMO: 'false',
  RUN_WORKERS: 'false',
  // Every load connection comes from this one address: the per-address backstop would refuse it.
  API_CALLS_PER_MINUTE: '0',
  DATA_DIR: dir,
  ...(url ? { DATABASE_URL: url } : {}),
});
const floorEnv = (dir: string): Record<string, string> =>
  url
    ? { JWT_SECRET: secrets.JWT_SECRET, FLOOR_DATABASE_URL: url }
    : { JWT_SECRET: secrets.JWT_SECRET, FLOOR_DATA_DIR: dir };
const probe = '/api/v1/video/all';
// The warm-up's loads take the pairs after the measured rounds' (the last load's are firstAnswers').
const warmupRound = ROUNDS;
if (2 * warmupRound + 1 >= FRESH_LOADS - 1) {
  throw new Error(
    `BENCH_ROUNDS at most ${Math.floor((FRESH_LOADS - 3) / 2)}: calls.ts FRESH_LOADS`,
  );
}
type Side = 'app' | 'floor';
/**
 * Measures `calls` on the servers given: first each server answers every call under load
 * for a moment, unmeasured, since a server answers its first thousands of requests with code
 * V8 has not yet optimized (the app's CPU per feed page fell from 885 µs in its first 4 s of
 * load to 609 in the next and 503 after); without it the call measured first was measured
 * warming up. Then the rounds. Each round goes through every call, so a drift in the
 * machine's speed (another process, the CPU's clock) falls on all calls alike: with each
 * call's rounds run together, the deep page, measured second, met the machine at another
 * speed than the first page it is compared with. With both servers up, rounds alternate which
 * side goes first, so a drift falls on both alike too.
 */
async function measureCalls(calls: HotCall[], servers: Partial<Record<Side, Started>>) {
  const sides = (['app', 'floor'] as const).filter((side) => servers[side]);
  for (const side of sides) {
    const server = servers[side];
    if (!server || WARMUP_SECONDS <= 0) continue;
    for (const call of calls) await load(server, call.name, side, warmupRound, WARMUP_SECONDS);
  }
  const rounds = new Map(
    calls.map((c) => [c.name, { app: [] as Measured[], floor: [] as Measured[] }]),
  );
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    for (const call of calls) {
      for (const side of order) {
        const server = servers[side];
        if (server) rounds.get(call.name)?.[side].push(await load(server, call.name, side, r));
      }
    }
  }
  for (const [name, measuredRounds] of rounds) {
    const row = results.get(name) ?? {};
    for (const side of sides) row[side] = medianOf(measuredRounds[side]);
  }
}
/** Every read before any write: a comment added first would change what the reads read. */
const inTurn = async (servers: Partial<Record<Side, Started>>) => {
  for (const writes of [false, true])
    await measureCalls(
      measured.filter((c) => c.write === writes),
      servers,
    );
};
const results = new Map<string, Partial<Row>>(measured.map((c) => [c.name, { call: c.name }]));
const processes: ProcessFigures[] = [];

if (url) {
  const app = await startServer(appArgs, appEnv(join(work, 'app')), probe);
  const floor = await startServer(floorArgs, floorEnv(''), probe);
  processes.push({ name: 'app', ...app }, { name: 'floor', ...floor });
  // Every read on both before any write: a comment added first would change what they read.
  for (const writes of [false, true]) {
    await firstAnswers(app, writes);
    await firstAnswers(floor, writes);
  }
  compareAnswers();
  await inTurn({ app, floor });
  await measureTranscodeOn('app', app);
  await measureTranscodeOn('floor', floor);
  await app.stop();
  await floor.stop();
} else {
  const appDir = join(work, 'app');
  const floorDir = join(work, 'floor');
  // main.js keeps its PGlite database in DATA_DIR/db.
  await cp(seededDir, join(appDir, 'db'), { recursive: true });
  await cp(seededDir, floorDir, { recursive: true });
  for (const side of ['app', 'floor'] as const) {
    const server =
      side === 'app'
        ? await startServer(appArgs, appEnv(appDir), probe)
        : await startServer(floorArgs, floorEnv(floorDir), probe);
    processes.push({ name: side, ...server });
    await firstAnswers(server, false);
    await firstAnswers(server, true);
    await inTurn({ [side]: server });
    await measureTranscodeOn(side, server);
    await server.stop();
  }
  compareAnswers();
}

printReport(
  `${POSTS} posts, ${CONNECTIONS} connections, ${url ? 'postgres' : 'pglite'}; each figure the median of ${ROUNDS} runs of ${SECONDS} s per call and server${url ? ', app and floor taking turns' : ''}; ratio = app/floor`,
  [...results.values()] as Row[],
  processes,
  transcode,
);
await rm(work, { recursive: true, force: true });
