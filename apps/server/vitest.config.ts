import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that open no database (media tools, storage, pure rules): the PostgreSQL pass
 * (TEST_DB=postgres) leaves them to the PGlite pass, where they already ran, instead of
 * running them a second time for nothing. A file that starts to use a database leaves this list.
 */
const databaseFree = [
  'src/features/geo/gazetteer.test.ts',
  'src/features/salah/dhuhr.test.ts',
  'src/http/{coded-checks,only-calls,response-serializer}.test.ts',
  'src/media/{ffmpeg,niceness,normalize-image,poster,probe,transcode-audio,transcode-video,video-budget}.test.ts',
  'src/realtime/hub.test.ts',
  'src/seed/community/media.test.ts',
  'src/sms/sender.test.ts',
  'src/storage/{local,s3}.test.ts',
  'test/bench-interval.test.ts',
];

/**
 * Files that mostly wait on real time (a job lease running out after a worker is killed,
 * several processes meeting, a compiled server starting) are spread over the run, the first
 * at its start, so each wait overlaps the other worker's files. In Vitest's order (largest
 * file first when it has no timings, as on a clean clone) they came last together, and the
 * PostgreSQL pass ended with a minute of one worker waiting alone; put first together, both
 * workers waited at once.
 */
const waitingFiles = [
  'test/worker-crash.test.ts',
  'test/scale-out.test.ts',
  'test/compiled-build.test.ts',
];

class WaitingFilesSpread extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waits = (file: TestSpecification) => waitingFiles.some((w) => file.moduleId.endsWith(w));
    const waiting = sorted.filter(waits);
    const others = sorted.filter((f) => !waits(f));
    const gap = Math.max(1, Math.floor(others.length / Math.max(1, waiting.length)));
    waiting.forEach((file, i) => others.splice(i * (gap + 1), 0, file));
    return others;
  }
}

export default defineConfig({
  root: import.meta.dirname,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DB === 'postgres' ? databaseFree : []),
    ],
    globalSetup: ['./test/global-setup.ts'],
    // Media work at full priority: here it competes with other tests, not with an API it must
    // yield to, and at its production nice level it waited past its time limits on a busy
    // machine (src/media/niceness.ts). Children the tests start inherit it.
    env: { MEDIA_NICENESS: '0' },
    sequence: { sequencer: WaitingFilesSpread },
    // Generous: media work on a loaded 2-core CI machine is slow; polls wait on test/until.ts.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each file gets its own database. The PostgreSQL pass three at a time on the 2-core
    // machines this runs on: with two it left the machine idle about half the time (a killed
    // worker's job lease, processes meeting, upload timeouts). The PGlite pass two: in
    // `npm test` it runs beside the end-to-end lane's Chromium, which keeps the cores busy
    // through its waits, and with three the machine was so oversubscribed that tests of
    // deadlines (an upload's, a HEIF decode's 30 s) failed for want of CPU.
    maxWorkers: process.env.TEST_DB === 'postgres' ? 3 : 2,
    // A worker runs file after file in one process, so the app's modules are imported and
    // PGlite's wasm compiled once per worker, not once per file (seconds each). Safe because
    // tests mock no modules and each file builds its own app on its own database.
    isolate: false,
    // A larger young generation: the workers allocate fast (PGlite's results, app answers), and
    // scavenges took about a seventh of their time; the PGlite pass went from 187 to 176 s.
    execArgv: ['--max-semi-space-size=32'],
  },
});
