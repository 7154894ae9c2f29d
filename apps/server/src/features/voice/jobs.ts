import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { PROCESS_VOICE_QUEUE } from './service.js';
import { processVoice, type ProcessVoiceDeps } from './process-voice.js';

export function voiceJobs(deps: ProcessVoiceDeps): FeatureJobs {
  return {
    async createQueues(boss) {
      await boss.createQueue(PROCESS_VOICE_QUEUE);
    },
    /** One note at a time per worker, as for posts: a note takes well under a second. */
    async startWorkers(boss) {
      await boss.work<{ noteId: string }>(
        PROCESS_VOICE_QUEUE,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async (jobs) => {
          for (const job of jobs) {
            await processVoice(deps, job.data.noteId, job.retryCount >= job.retryLimit);
          }
        },
      );
    },
  };
}
