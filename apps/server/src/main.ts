import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createBoss } from './jobs/boss.js';
import { startMaintenance } from './jobs/maintenance.js';
import { openRuntime } from './runtime.js';
import { demoBanner, seedDemo } from './seed/demo.js';
import pino from 'pino';

const config = loadConfig();
const bootLog = pino({ level: config.logLevel });
const runtime = await openRuntime(config);
const app = await buildApp({
  config,
  database: runtime.database,
  storage: runtime.storage,
  limiter: runtime.limiter,
  sms: runtime.smsFor(bootLog),
});

if (config.seedDemo && (await seedDemo(runtime.database.db))) {
  process.stdout.write(demoBanner(config.publicUrl));
}

const boss = createBoss(runtime.database, config.databaseUrl);
boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
await boss.start();
if (config.runWorkers) await startMaintenance(boss, runtime.database.db);

await app.listen({ port: config.port, host: config.host });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests first, let in-flight jobs finish, then close the database.
  await app.close();
  await boss.stop({ graceful: true, timeout: 20_000, wait: true });
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
