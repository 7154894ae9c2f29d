/** A dependency (Redis, a database) did not answer in time. */
export class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/**
 * Settles as `work` does, or rejects with a TimeoutError after `ms`: a stalled dependency must
 * not hold the request that waits on it. `work` itself goes on; its late result is dropped.
 */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
