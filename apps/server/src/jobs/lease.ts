import type { Logger } from '../log.js';
import type { Database } from '../db/client.js';

/** A job whose worker stopped renewing it is expired this long after the last renewal. */
export const LEASE_SEC = 45;
const RENEW_EVERY_MS = 15_000;

/**
 * pg-boss 10 has no heartbeat: a job whose process was killed stays 'active' until its
 * whole expiry (15 minutes) has passed, and its post stays 'processing' that long. While the
 * work runs, this keeps the job's expiry LEASE_SEC ahead of now, so pg-boss's maintenance
 * retries (or fails) a dead worker's job within about a minute of the crash.
 *
 * The expiry is `started_on + expire_in`; started_on is moved, not expire_in, because pg-boss
 * copies expire_in into the retried job and times the handler in-process with it. started_on
 * is set anew whenever the job is fetched, and pg-boss reads it for nothing else.
 */
export async function withLease<T>(
  database: Database,
  job: { id: string; name: string },
  log: Logger,
  work: () => Promise<T>,
): Promise<T> {
  const renew = () =>
    database
      .executeSql(
        `UPDATE pgboss.job SET started_on = now() + make_interval(secs => $3) - expire_in
         WHERE name = $1 AND id = $2 AND state = 'active'`,
        [job.name, job.id, LEASE_SEC],
      )
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err, jobId: job.id }, 'job lease renewal failed'),
      );
  await renew();
  const timer = setInterval(() => void renew(), RENEW_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
