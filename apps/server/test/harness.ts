import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import type { AuthDeps } from '../src/auth/authenticate.js';
import type { DestinationStream } from '../src/http/logging.js';
import { hashPassword } from '../src/auth/passwords.js';
import { memoryRateLimiter, type RateLimiter } from '../src/auth/rate-limiter.js';
import { startSession } from '../src/auth/sessions.js';
import { blockAccount } from '../src/features/auth/block.js';
import type { Config } from '../src/config.js';
import { startJobs } from '../src/jobs-root.js';
import type { Jobs } from '../src/jobs/start.js';
import { openUploadStore } from '../src/features/uploads/store.js';
import { memoryHub, redisHub, type Hub } from '../src/realtime/hub.js';
import type { StreamTiming } from '../src/realtime/stream-guard.js';
import type { Database } from '../src/db/client.js';
import { users, type UserRow } from '../src/db/schema/index.js';
import { outboxSmsSender, type SmsMessage } from '../src/sms/sender.js';
import { localStorage } from '../src/storage/local.js';
import type { Storage } from '../src/storage/storage.js';
import { freshDatabase } from './database.js';
import { testConfig } from './test-config.js';
import { testUploadLocker } from './upload-locker.js';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  storage: Storage;
  dataDir: string;
  /** Every SMS the app sent, newest last. */
  outbox: SmsMessage[];
  jobs: Jobs;
  hub: Hub;
  /** The Redis channel prefix of `hub` (undefined for the in-memory hub), for peer apps. */
  hubPrefix?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  limiter?: RateLimiter;
  env?: Record<string, string>;
  /** Receives every log line (set env LOG_LEVEL too; the default is silent). */
  logStream?: DestinationStream;
  /** Adds routes before the app is sealed, e.g. a probe call behind a given guard. */
  extend?: (app: FastifyInstance, auth: AuthDeps) => void;
  /** Run the job workers (media processing) too; jobs are always queued in pg-boss. */
  workers?: boolean;
  /** Wraps the real storage, e.g. to make one write fail as a full disk or a crash would. */
  wrapStorage?: (storage: Storage) => Storage;
  /** Another storage instead of local disk under the data folder, e.g. an S3 bucket. */
  storage?: Storage;
  /** Another hub than the run's (Redis when REDIS_URL is set), e.g. one on a stalled Redis. */
  hub?: Hub;
  /** The Redis `/api/health` pings (none by default: it then reports 'off'). */
  redis?: { ping(): Promise<unknown> };
  /** Live streams' re-check interval and maximum life, shortened so a test need not wait minutes. */
  streamTiming?: StreamTiming;
}

/** The job system on a test app's database, storage and hub: the API's, or a worker's beside it. */
async function startTestJobs(
  on: Pick<TestApp, 'config' | 'database' | 'storage' | 'hub'>,
  workers: boolean,
): Promise<Jobs> {
  return startJobs({
    hub: on.hub,
    database: on.database,
    storage: on.storage,
    log: pino({ level: 'silent' }),
    workers,
    media: on.config.media,
    uploadStore: await openUploadStore(on.config),
    fileKey: on.config.fileKey,
    pushSubject: 'mailto:test@saathi.test',
    push: on.config.push,
  });
}

/**
 * A worker started beside an app that runs none (`npm run worker` after a crash, in-process):
 * it takes the jobs the app queued and runs pg-boss's maintenance. Stop it before `t.close()`.
 */
export const startWorkerBeside = (t: TestApp): Promise<Jobs> => startTestJobs(t, true);

/** A real app on a fresh database and a temporary data folder; nothing is mocked. */
export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'saathi-test-'));
  const config = testConfig(dataDir, opts.env);
  const database = await freshDatabase();
  const base = opts.storage ?? localStorage(join(dataDir, 'storage'));
  const storage = opts.wrapStorage ? opts.wrapStorage(base) : base;
  const sms = outboxSmsSender(join(dataDir, 'outbox.jsonl'), pino({ level: 'silent' }));
  // Redis when the run has it (CI), so the cross-process fan-out is what the tests exercise.
  const hubPrefix = process.env.REDIS_URL ? `saathi-test-${randomUUID()}:` : undefined;
  const hub =
    opts.hub ??
    (process.env.REDIS_URL && hubPrefix
      ? await redisHub(process.env.REDIS_URL, hubPrefix)
      : memoryHub());
  const jobs = await startTestJobs({ config, database, storage, hub }, opts.workers ?? false);
  const limiter = opts.limiter ?? memoryRateLimiter();
  const uploadLock = await testUploadLocker(hub, hubPrefix);
  const app = await buildApp({
    jobs: jobs.queue,
    hub,
    config,
    database,
    storage,
    sms,
    limiter,
    logStream: opts.logStream,
    redis: opts.redis,
    uploadLocker: uploadLock.locker,
    streamTiming: opts.streamTiming,
    pluginTimeoutMs: 60_000,
  });
  opts.extend?.(app, { db: database.db, jwtSecret: config.jwtSecret, limiter });
  await app.ready();
  return {
    app,
    config,
    database,
    storage,
    dataDir,
    outbox: sms.sent,
    jobs,
    hub,
    hubPrefix,
    async close() {
      await app.close();
      await jobs.stop();
      uploadLock.close();
      await hub.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let phoneCounter = 0;
/**
 * A unique, valid Indian mobile number in normalised form (+91 and ten digits). It starts with
 * 6, which no demo or hand-written test number does, and gives the process id and the counter
 * fixed widths, so no two ever run together into the same digits (pid 0 with counter 1 once
 * made the demo admin's 9000000001).
 */
export function newPhone(): string {
  phoneCounter += 1;
  const pid = String(process.pid % 1000).padStart(3, '0');
  return `+916${pid}${String(phoneCounter % 1_000_000).padStart(6, '0')}`;
}

export interface TestUser {
  user: UserRow;
  password: string;
  token: string;
}

const hashes = new Map<string, Promise<string>>();
/**
 * A real argon2 hash of `password`, made once per test worker: an argon2id hash is 10 ms of
 * CPU by design, and test accounts, hundreds per pass, share a few passwords. Sign-up and
 * password changes still hash through the service.
 */
export function passwordHashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Creates an account directly (fast: no HTTP, no rate limit) and signs it in. */
export async function newUser(
  t: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<TestUser> {
  const { password = 'secret-pass', ...fields } = overrides;
  const [user] = await t.database.db
    .insert(users)
    .values({
      id: randomUUID(),
      name: 'Test Driver',
      phone: newPhone(),
      passwordHash: await passwordHashOf(password),
      usertype: 'user',
      verification: 'not_required',
      ...fields,
    })
    .returning();
  if (!user) throw new Error('user not inserted');
  const { token } = await startSession(t.database.db, t.config.jwtSecret, user.id);
  return { user, password, token };
}

export const blockUser = (t: Pick<TestApp, 'database'>, userId: string, reason = 'Spam') =>
  blockAccount(t.database.db, userId, reason);

/** A multipart body as a phone's browser would send it, for app.inject. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename: string; type: string }> = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of Object.entries(files)) {
    form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
  }
  const request = new Request('http://saathi.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

let ipCounter = 0;
/**
 * A fresh client address for app.inject's remoteAddress. Sign-in, sign-up and forgot-password
 * are limited per IP, so tests that are not about the limits each come from their own address.
 */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Every file (not folder) below `dir`, as paths relative to it; [] when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
  } catch {
    return [];
  }
}
