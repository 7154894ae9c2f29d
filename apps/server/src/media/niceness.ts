/**
 * The nice level of background media work (ffmpeg, the HEIF decoder): 10, below the API's
 * answers on the same machine. `MEDIA_NICENESS` (a whole number from 0 to 19) sets another. A
 * machine that runs only workers has no API to yield to; the test suite sets 0, because there
 * the processes that compete with the media are the other tests and Chromium, not the API, and
 * at 10 a decode or a transcode under test waited on them past its own time limit.
 */
export const MEDIA_NICENESS = mediaNiceness(process.env.MEDIA_NICENESS);

export function mediaNiceness(value: string | undefined): number {
  if (value === undefined || value === '') return 10;
  const level = Number(value);
  if (!Number.isInteger(level) || level < 0 || level > 19) {
    throw new Error(`MEDIA_NICENESS must be a whole number from 0 to 19, not "${value}"`);
  }
  return level;
}
