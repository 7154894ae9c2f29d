import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema/index.js';

const KEY = 'demo_community';

/** Each finished step's result (a post's id, or true), and whether the whole community is made. */
interface Progress {
  done: boolean;
  steps: Record<string, string | true>;
}

async function read(db: Db): Promise<Progress | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY)).limit(1);
  return row?.value as Progress | undefined;
}

async function write(db: Db, progress: Progress): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key: KEY, value: progress })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: progress } });
}

export interface SeedProgress {
  /** Runs `work` once across restarts: a step finished before answers its kept result. */
  step<T extends string | true>(name: string, work: () => Promise<T>): Promise<T>;
  finish(): Promise<void>;
}

/**
 * The demo community's record in app_settings. It is started only on the start that created
 * the demo accounts, so a database that had users before never gets one; a start that was
 * stopped part-way resumes at the first unfinished step, and a finished one adds nothing.
 * Answers undefined when there is nothing to do.
 */
export async function openProgress(db: Db, freshDemo: boolean): Promise<SeedProgress | undefined> {
  const found = await read(db);
  if (found?.done || (!found && !freshDemo)) return undefined;
  const progress: Progress = found ?? { done: false, steps: {} };
  if (!found) await write(db, progress);
  return {
    async step<T extends string | true>(name: string, work: () => Promise<T>): Promise<T> {
      const kept = progress.steps[name];
      if (kept !== undefined) return kept as T;
      const result = await work();
      progress.steps[name] = result;
      await write(db, progress);
      return result;
    },
    async finish() {
      progress.done = true;
      await write(db, progress);
    },
  };
}
