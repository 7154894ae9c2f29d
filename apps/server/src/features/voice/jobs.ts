import type { Database } from '../../db/client.js';
import type { FeatureJobs } from '../../jobs/feature-jobs.js';
import { createLeasedQueue, workLeased } from '../../jobs/leased-queue.js';
import { PROCESS_VOICE_QUEUE } from './service.js';
import { giveUpVoice, processVoice, type ProcessVoiceDeps } from './process-voice.js';

export function voiceJobs(deps: ProcessVoiceDeps, database: Database): FeatureJobs {
  return {
    createQueues: (boss) => createLeasedQueue(boss, PROCESS_VOICE_QUEUE),
    /** One note at a time per worker, as for posts: a note takes well under a second. */
    startWorkers: (boss) =>
      workLeased<{ noteId: string }>(boss, {
        database,
        log: deps.log,
        queue: PROCESS_VOICE_QUEUE,
        work: (data, isLastAttempt) => processVoice(deps, data.noteId, isLastAttempt),
        gaveUp: (data) => giveUpVoice(deps, data.noteId),
      }),
  };
}
