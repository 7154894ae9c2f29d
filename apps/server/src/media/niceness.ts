/**
 * The nice level of background media work (ffmpeg, the HEIF decoder): 19, the lowest, below
 * the API's answers and the database's queries on the same machine. A nice level only counts
 * while the CPU is contended: the media still gets every idle cycle, so beside a quiet API a
 * transcode takes as long at 19 as at 0. On 2 cores `npm run bench` gave the feed's p99 while
 * transcoding at 1.27-1.36x idle at 19 and 1.43-1.65x at 10, with the same transcode times.
 * `MEDIA_NICENESS` (a whole number from 0 to 19) sets another level. A machine that runs only
 * workers has no API to yield to; the test suite sets 0, because there the processes that
 * compete with the media are the other tests and Chromium, not the API, and at 10 a decode or
 * a transcode under test waited on them past its own time limit.
 */
export const MEDIA_NICENESS = mediaNiceness(process.env.MEDIA_NICENESS);

export function mediaNiceness(value: string | undefined): number {
  if (value === undefined || value === '') return 19;
  const level = Number(value);
  if (!Number.isInteger(level) || level < 0 || level > 19) {
    throw new Error(`MEDIA_NICENESS must be a whole number from 0 to 19, not "${value}"`);
  }
  return level;
}
