import { writeFileSync } from 'node:fs';

/**
 * Where a server runs without a cgroup of its own (started from a shell, as `npm start` is,
 * or on a small VM), Linux shares the CPU between sessions first ("autogroups") and applies
 * nice levels only within a session: a tool's nice level then ranked it below the API alone,
 * while PostgreSQL, in a session of its own, had to share the CPU with the whole API
 * session, transcode included, and every query waited behind ffmpeg. So a media tool runs
 * in a session of its own (spawned detached), and that session's group gets the tool's nice
 * level: below the API and the database alike.
 */
export const ownSessionAvailable = process.platform === 'linux';

/** Sets the nice level of `pid`'s session group; a no-op where there are no autogroups. */
export function yieldSession(pid: number, niceness: number): void {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No autogroups (a kernel without them, or a service in its own cgroup, where the
    // service's cgroup weight is what ranks it): the tool's own nice level still applies.
  }
}
