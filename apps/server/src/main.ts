import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { logError } from './http/logging.js';
import { startJobsFromConfig } from './jobs-root.js';
import { openRuntime } from './runtime.js';
import { sharedUploadLocker } from './features/uploads/shared-locker.js';
import { demoBanner, seedDemo } from './seed/demo.js';
import { seedCommunityInBackground } from './seed/community/seed-community.js';

const config = loadConfig();
// Job failures are logged here: their database errors must not carry a query's values.
const log = pino({ level: config.logLevel, serializers: { err: logError } });
const runtime = await openRuntime(config, log);
const jobs = await startJobsFromConfig(config, runtime, log, config.runWorkers);
const app = await buildApp({
  config,
  database: runtime.database,
  storage: runtime.storage,
  limiter: runtime.limiter,
  sms: runtime.smsFor(log),
  jobs: jobs.queue,
  hub: runtime.hub,
  redis: runtime.redis,
  uploadLocker: runtime.redis && sharedUploadLocker(runtime.redis, runtime.hub, log),
});

const freshDemo = config.seedDemo && (await seedDemo(runtime.database.db, runtime.storage));
if (freshDemo) process.stdout.write(demoBanner(config.publicUrl));

await app.listen({ port: config.port, host: config.host });
// After listening: the demo's posts are generated and processed while the server answers.
void seedCommunityInBackground(
  config.seedCommunity,
  { app, db: runtime.database.db, jwtSecret: config.jwtSecret, log },
  freshDemo,
);

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
