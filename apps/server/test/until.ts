/**
 * Polls `probe` until it answers something other than undefined, for up to `ms`. Background
 * work (media processing, job retries) takes as long as the machine lets it: tests wait on a
 * deadline generous enough for a loaded CI machine, never on a count of tries.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  { ms = 60_000, every = 250 }: { ms?: number; every?: number } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, every));
  }
}
