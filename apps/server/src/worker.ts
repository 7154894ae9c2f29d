// `npm run worker`: job workers without the HTTP server, for deployments that run the API
// with RUN_WORKERS=false. Needs DATABASE_URL: PGlite allows only one process.
import pino from 'pino';
import { loadConfig } from './config.js';
import { startJobs } from './jobs/start.js';
import { openRuntime } from './runtime.js';

const config = loadConfig();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  log.error(
    'npm run worker needs DATABASE_URL; the embedded database runs workers in the API process',
  );
  process.exit(2);
}
const runtime = await openRuntime(config);
const jobs = await startJobs({
  database: runtime.database,
  storage: runtime.storage,
  log,
  pushSubject: `mailto:${config.supportEmail}`,
  salahDefault: config.salahDefault,
  hub: runtime.hub,
  workers: true,
});
log.info('workers started');

async function shutdown() {
  await jobs.stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
