// `npm run worker`: job workers without the HTTP server, for deployments that run the API
// with RUN_WORKERS=false. Needs DATABASE_URL: PGlite allows only one process.
import pino from 'pino';
import { loadConfig } from './config.js';
import { logError } from './http/logging.js';
import { startJobsFromConfig } from './jobs-root.js';
import { openRuntime } from './runtime.js';

const config = loadConfig();
// Job failures are logged here: their database errors must not carry a query's values.
const log = pino({ level: config.logLevel, serializers: { err: logError } });
if (!config.databaseUrl) {
  log.error(
    'npm run worker needs DATABASE_URL; the embedded database runs workers in the API process',
  );
  process.exit(2);
}
// Listening for the stop before the start, which takes seconds: a SIGTERM that comes during it
// (a deploy, a scale-down) waits for the start, then stops cleanly instead of killing jobs.
let stopping = false;
const started = start();
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
await started;
log.info('workers started');

async function start() {
  const runtime = await openRuntime(config, log);
  const jobs = await startJobsFromConfig(config, runtime, log, true);
  return { runtime, jobs };
}

/**
 * Stops taking jobs, lets the running ones finish, then exits at once. The database pool is
 * not ended first: a job still settling its state after the queue's stop then failed on the
 * ended pool and crashed the process (seen in CI); the exit closes the connections, and a
 * job cut off this way is retried when its lease expires.
 */
async function shutdown() {
  if (stopping) return;
  stopping = true;
  const { jobs } = await started;
  await jobs.stop();
  process.exit(0);
}
