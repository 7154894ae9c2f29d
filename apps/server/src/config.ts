import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { pushHostsSetting, pushServiceHosts, type PushPolicy } from './push-policy.js';
import type { S3Settings } from './storage/s3.js';
import { serverRoot } from './server-root.js';
import { trustProxySetting, type TrustProxy } from './trust-proxy.js';

const repoRoot = resolve(serverRoot, '../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * One core is left for the API and the database when they share the machine; the CPU time
 * limit is what video-budget.ts gives the longest clip (10 minutes).
 */
export const mediaDefaults = () => ({
  concurrency: Math.max(1, availableParallelism() - 1),
  videoTimeLimitSec: 1320,
});

/** Days a driver's identity images are kept after the verification decision (privacy page). */
export const identityImageRetentionDefaultDays = 30;

/** New Delhi: where Dhuhr is computed for users who never shared a location. */
export const defaultSalahPlace = { latitude: 28.6139, longitude: 77.209 } as const;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  FILE_ENCRYPTION_KEY: z.string().optional(),
  SEED_DEMO: flag.default(true),
  SEED_COMMUNITY: flag.default(true),
  RUN_WORKERS: flag.default(true),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@saathi.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: trustProxySetting.default(false),
  API_CALLS_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  SALAH_DEFAULT_LAT: z.coerce.number().min(-90).max(90).default(defaultSalahPlace.latitude),
  SALAH_DEFAULT_LNG: z.coerce.number().min(-180).max(180).default(defaultSalahPlace.longitude),
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  VIDEO_TIME_LIMIT_SEC: z.coerce.number().int().min(1).max(3600).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z.string().optional(),
  PUSH_ALLOWED_HOSTS: pushHostsSetting.default([...pushServiceHosts]),
  PUSH_ALLOW_PRIVATE: flag.default(false),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).default(1000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(600_000),
  UPLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  IDENTITY_IMAGE_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3650)
    .default(identityImageRetentionDefaultDays),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: Uint8Array;
  fileKey: Buffer;
  seedDemo: boolean;
  /** With seedDemo: also the demo community's posts, made with ffmpeg in the background. */
  seedCommunity: boolean;
  runWorkers: boolean;
  sms: { provider: 'outbox' | 'http'; httpUrl: string | undefined; httpToken: string | undefined };
  supportEmail: string;
  logLevel: string;
  webDist: string;
  trustProxy: TrustProxy;
  /** Requests to /api/ one client address may make a minute, in all (0: no such limit). */
  apiCallsPerMinute: number;
  salahDefault: { latitude: number; longitude: number };
  media: {
    /** Posts transcoded at once by each worker process. */
    concurrency: number;
    /** The longest ffmpeg may run on one video, however long the clip. */
    videoTimeLimitSec: number;
  };
  /** Files go to this bucket when set, else to DATA_DIR/storage. */
  s3: S3Settings | undefined;
  /** Where Web Push may be sent (subscriptions name any URL). */
  push: PushPolicy;
  /** How long a Redis call may take before the request goes on without it. */
  redisTimeoutMs: number;
  /** Days a driver's Aadhaar and licence images are kept after the verification decision. */
  identityImageRetentionDays: number;
  timeouts: {
    /** The request line and headers must arrive within this. */
    headersMs: number;
    /** A whole request, body included, must arrive within this (slow 3G uploads fit). */
    requestMs: number;
    /** An upload that sends no bytes for this long is refused. */
    uploadIdleMs: number;
  };
}

interface Secrets {
  jwtSecret: string;
  fileKey: string;
}

/**
 * A bare `npm start` must work with no configuration, so missing secrets are generated once
 * and kept in DATA_DIR/secrets.json (mode 600), outside the database: a stolen database dump
 * alone does not decrypt identity documents. Production sets both variables instead.
 */
function localSecrets(dataDir: string): Secrets {
  const file = resolve(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    fileKey: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function decodeFileKey(value: string): Buffer {
  const key = Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64');
  if (key.length !== 32) throw new Error('FILE_ENCRYPTION_KEY must be 32 bytes (64 hex or base64)');
  return key;
}

type Env = z.infer<typeof envSchema>;

const s3Optional = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_PREFIX',
] as const;

/** S3 only with everything it needs: a half-configured bucket must not fall back to local disk. */
function s3Settings(e: Env): S3Settings | undefined {
  const bucket = e.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = s3Optional.filter((name) => e[name]);
    if (stray.length === 0) return undefined;
    throw new Error(
      `Invalid configuration:\n  S3_BUCKET is required when ${stray.join(', ')} is set`,
    );
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  // An S3-compatible service ignores the region; AWS answers a wrong one with a redirect.
  const regionMissing = !e.S3_REGION && !e.S3_ENDPOINT;
  if (!accessKeyId || !secretAccessKey || regionMissing) {
    const missing = [
      !accessKeyId && 'S3_ACCESS_KEY_ID',
      !secretAccessKey && 'S3_SECRET_ACCESS_KEY',
      regionMissing && 'S3_REGION',
    ].filter(Boolean);
    throw new Error(
      `Invalid configuration:\n  S3_BUCKET is set, so ${missing.join(' and ')} must be too`,
    );
  }
  return {
    bucket,
    region: e.S3_REGION || 'us-east-1',
    endpoint: e.S3_ENDPOINT || undefined,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    prefix: (e.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const needLocal = !e.JWT_SECRET || !e.FILE_ENCRYPTION_KEY;
  const local = needLocal ? localSecrets(dataDir) : undefined;
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) {
    throw new Error('Invalid configuration:\n  SMS_HTTP_URL is required when SMS_PROVIDER=http');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? local?.jwtSecret),
    fileKey: decodeFileKey(e.FILE_ENCRYPTION_KEY ?? local?.fileKey ?? ''),
    seedDemo: e.SEED_DEMO,
    seedCommunity: e.SEED_DEMO && e.SEED_COMMUNITY,
    runWorkers: e.RUN_WORKERS,
    sms: { provider: e.SMS_PROVIDER, httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    apiCallsPerMinute: e.API_CALLS_PER_MINUTE,
    salahDefault: { latitude: e.SALAH_DEFAULT_LAT, longitude: e.SALAH_DEFAULT_LNG },
    media: {
      concurrency: e.MEDIA_CONCURRENCY ?? mediaDefaults().concurrency,
      videoTimeLimitSec: e.VIDEO_TIME_LIMIT_SEC ?? mediaDefaults().videoTimeLimitSec,
    },
    s3: s3Settings(e),
    push: {
      allowedHosts: e.PUSH_ALLOWED_HOSTS,
      allowHttp: e.NODE_ENV === 'test',
      allowPrivate: e.PUSH_ALLOW_PRIVATE,
    },
    redisTimeoutMs: e.REDIS_TIMEOUT_MS,
    identityImageRetentionDays: e.IDENTITY_IMAGE_RETENTION_DAYS,
    timeouts: {
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestMs: e.REQUEST_TIMEOUT_MS,
      uploadIdleMs: e.UPLOAD_IDLE_TIMEOUT_MS,
    },
  };
}
