/** A wait for data longer than this steps down to a lighter rendition. */
export const longStallMs = 2000;
/** So does the third wait within this time, even if each was short. */
export const repeatedStalls = 3;
export const repeatWindowMs = 30_000;

/** Whether the waits started at `starts` (performance.now()) are too many by `now`. */
export function stallsRepeat(starts: readonly number[], now: number): boolean {
  return starts.filter((at) => now - at <= repeatWindowMs).length >= repeatedStalls;
}
