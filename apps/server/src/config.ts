import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Settings } from './storage/s3.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  RUN_WORKERS: flag.default(true),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SUPPORT_EMAIL: z.string().default('support@saathi.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: flag.default(false),
  SALAH_DEFAULT_LAT: z.coerce.number().min(-90).max(90).default(defaultSalahPlace.latitude),
  SALAH_DEFAULT_LNG: z.coerce.number().min(-180).max(180).default(defaultSalahPlace.longitude),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PREFIX: z.string().optional(),
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
  runWorkers: boolean;
  sms: { provider: 'outbox' | 'http'; httpUrl: string | undefined; httpToken: string | undefined };
  supportEmail: string;
  logLevel: string;
  webDist: string;
  trustProxy: boolean;
  salahDefault: { latitude: number; longitude: number };
  /** Files go to this bucket when set, else to DATA_DIR/storage. */
  s3: S3Settings | undefined;
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
  mkdirSync(dataDir, { recursive: true });
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
    runWorkers: e.RUN_WORKERS,
    sms: { provider: e.SMS_PROVIDER, httpUrl: e.SMS_HTTP_URL, httpToken: e.SMS_HTTP_TOKEN },
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    salahDefault: { latitude: e.SALAH_DEFAULT_LAT, longitude: e.SALAH_DEFAULT_LNG },
    s3: s3Settings(e),
  };
}
