import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { startJobs } from './jobs/start.js';
import { openRuntime } from './runtime.js';
import { demoBanner, seedDemo } from './seed/demo.js';

const config = loadConfig();
const log = pino({ level: config.logLevel });
const runtime = await openRuntime(config);
const jobs = await startJobs({
  database: runtime.database,
  storage: runtime.storage,
  log,
  pushSubject: `mailto:${config.supportEmail}`,
  salahDefault: config.salahDefault,
  hub: runtime.hub,
  workers: config.runWorkers,
});
const app = await buildApp({
  config,
  database: runtime.database,
  storage: runtime.storage,
  limiter: runtime.limiter,
  sms: runtime.smsFor(log),
  jobs: jobs.queue,
  hub: runtime.hub,
});

if (config.seedDemo && (await seedDemo(runtime.database.db, runtime.storage))) {
  process.stdout.write(demoBanner(config.publicUrl));
}

await app.listen({ port: config.port, host: config.host });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests first, let in-flight jobs finish, then close the database.
  await app.close();
  await jobs.stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
