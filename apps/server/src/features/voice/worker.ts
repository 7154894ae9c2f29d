import type PgBoss from 'pg-boss';
import { PROCESS_VOICE_QUEUE } from './service.js';
import { processVoice, type ProcessVoiceDeps } from './process-voice.js';

export async function createVoiceQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(PROCESS_VOICE_QUEUE);
}

/** One note at a time per worker, as for posts: a note takes well under a second. */
export async function startVoiceWorkers(boss: PgBoss, deps: ProcessVoiceDeps): Promise<void> {
  await boss.work<{ noteId: string }>(
    PROCESS_VOICE_QUEUE,
    { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
    async (jobs) => {
      for (const job of jobs) {
        await processVoice(deps, job.data.noteId, job.retryCount >= job.retryLimit);
      }
    },
  );
}
