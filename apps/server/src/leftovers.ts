/**
 * Temporary files and folders carry the pid of the process that made them, so a process
 * starting up can tell what a crashed one left (its pid is gone) from what a live sibling on
 * the same machine is still writing. A container restarts with the same small pid, hence
 * "ours but older than us" counts as left over too. A pid reused by an unrelated process
 * only delays the cleanup until a later start.
 */
const startedAtMs = Date.now() - process.uptime() * 1000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function isLeftover(ownerPid: number, modifiedMs: number): boolean {
  if (ownerPid === process.pid) return modifiedMs < startedAtMs;
  return !isRunning(ownerPid);
}
