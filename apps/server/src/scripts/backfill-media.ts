// npm run media:backfill
// Queues the one-off job that gives posts made before renditions existed their low
// rendition and small poster. The workers (the API process, or npm run worker) do the work,
// one post at a time; they also queue it themselves at start.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createBoss } from '../jobs/boss.js';
import { queueMediaBackfill } from '../features/feed/media-backfill.js';
import { createFeedQueues } from '../features/feed/jobs.js';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
// Only to queue: no maintenance or schedules from this short-lived process.
const boss = createBoss(database, { supervise: false, schedule: false });
await database.exclusive(async () => {
  await boss.start();
  await createFeedQueues(boss);
});
const queued = await queueMediaBackfill(boss, database.db);
process.stdout.write(
  queued === 0
    ? 'Every post has its low rendition and small poster.\n'
    : `${queued} posts queued for their low rendition and small poster.\n`,
);
await boss.stop({ graceful: false, wait: true });
await database.close();
