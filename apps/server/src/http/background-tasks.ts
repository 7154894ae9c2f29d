import type { Logger } from '../log.js';

/**
 * Work that must not hold up an answer: it starts on the next turn of the event loop, after
 * the handler has returned, and its failure is logged, never thrown at the caller. `settle`
 * waits for what is still running, so a closing app does not cut it off.
 */
export function backgroundTasks(log: Logger, what: string) {
  const running = new Set<Promise<void>>();
  return {
    run(work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((err: unknown) => log.error({ err }, `${what} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settle(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}
