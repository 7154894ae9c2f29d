import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Read, write and search for the owner only: group and other bits are cleared. */
const ownerOnly = 0o700;

/**
 * The data folder holds the embedded database, stored files (identity documents among them),
 * the SMS outbox and the generated secrets: only the server's own user may open any of it.
 * The umask makes every file this process writes from now on 0600 and every folder 0700
 * (PGlite creates its files 0666 and leaves the rest to the umask); what an older version or
 * another umask left behind is narrowed once, here, at start.
 */
export async function protectDataDir(dataDir: string): Promise<void> {
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: ownerOnly });
  await narrow(dataDir);
}

async function narrow(path: string): Promise<void> {
  const info = await stat(path);
  if ((info.mode & 0o077) !== 0) await chmod(path, info.mode & ownerOnly);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    // A link's target may lie outside the data folder: it is not ours to change.
    if (entry.isDirectory() || entry.isFile()) await narrow(join(path, entry.name));
  }
}
