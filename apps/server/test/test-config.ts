import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config.js';

/**
 * The settings of a test process: fresh secrets, a data folder of its own, nothing logged,
 * no demo and no web build. `env` overrides any of them (a test of one setting).
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: 'false',
    WEB_DIST: join(dataDir, 'no-web-build'),
    PUBLIC_URL: 'http://saathi.test',
    // Tests (and e2e journeys) send everything from one address; backstop.test.ts sets its own.
    API_CALLS_PER_MINUTE: '1000000',
    ...env,
  });
}
