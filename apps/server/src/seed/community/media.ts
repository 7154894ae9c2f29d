import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../log.js';
import { runFfmpeg } from '../../media/ffmpeg.js';

/** ffmpeg's built-in test sources: every picture of the demo is drawn at first start. */
export type Pattern = 'testsrc2' | 'mandelbrot' | 'smptebars';

/** Portrait, as phones record; the fractal is drawn at half size (it is slow) and scaled up. */
const sources: Record<Pattern, string> = {
  testsrc2: 'testsrc2=s=720x1280:r=25',
  smptebars: 'smptebars=s=720x1280:r=25',
  mandelbrot: 'mandelbrot=s=360x640:r=25:maxiter=200',
};

/** Generating must never hold the start: ffmpeg runs at its background nice level. */
const timeoutMs = 120_000;

/**
 * drawtext reads the words from a file, so no text needs filter escaping; the file's path is
 * put in the filter as it is, which is safe only for plain characters (mkdtemp's names).
 */
const plainPath = /^[\w/.-]+$/;

async function overlay(dir: string, name: string, text: string): Promise<string | null> {
  const file = join(dir, `${name}.txt`);
  if (!plainPath.test(file)) return null;
  await writeFile(file, text);
  return (
    `drawtext=textfile=${file}:fontsize=50:fontcolor=white:line_spacing=14` +
    ':box=1:boxcolor=black@0.55:boxborderw=22:x=40:y=h*0.22'
  );
}

export interface MediaMaker {
  /** An MP4 clip (H.264 with a tone), as a phone would upload it. */
  video(
    name: string,
    pattern: Pattern,
    text: string,
    seconds: number,
    tone: number,
  ): Promise<string>;
  /** A JPEG photo: the pattern's first frame. */
  image(name: string, pattern: Pattern, text: string): Promise<string>;
  /** A WAV recording: a tone that rises and falls like a voice, so notes sound different. */
  voice(name: string, tone: number, seconds: number): Promise<string>;
}

/**
 * Makes the demo's media in `dir`. The text overlay needs ffmpeg's drawtext and a font; where
 * either is missing the picture goes without words rather than failing the demo.
 */
export function mediaMaker(dir: string, log: Logger): MediaMaker {
  let textWorks = true;

  async function withText(name: string, text: string, run: (filter: string) => Promise<void>) {
    const scale = 'scale=720:1280';
    const words = textWorks ? await overlay(dir, name, text) : null;
    if (words) {
      try {
        await run(`${scale},${words}`);
        return;
      } catch (err) {
        textWorks = false;
        log.warn({ err }, 'demo media: drawing text failed (drawtext or a font missing)');
      }
    }
    await run(scale);
  }

  return {
    async video(name, pattern, text, seconds, tone) {
      const out = join(dir, `${name}.mp4`);
      await withText(name, text, (filter) =>
        runFfmpeg(
          [
            ...['-f', 'lavfi', '-i', sources[pattern]],
            ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:sample_rate=44100`],
            ...['-t', String(seconds), '-vf', filter],
            ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '28', '-pix_fmt', 'yuv420p'],
            ...['-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', out],
          ],
          { timeoutMs },
        ).then(() => undefined),
      );
      return out;
    },

    async image(name, pattern, text) {
      const out = join(dir, `${name}.jpg`);
      await withText(name, text, (filter) =>
        runFfmpeg(
          [
            '-f',
            'lavfi',
            '-i',
            sources[pattern],
            '-frames:v',
            '1',
            '-vf',
            filter,
            '-q:v',
            '3',
            out,
          ],
          { timeoutMs },
        ).then(() => undefined),
      );
      return out;
    },

    async voice(name, tone, seconds) {
      const out = join(dir, `${name}.wav`);
      // A pitch that wavers twice a second, fading in and out like a spoken phrase.
      const wave = `0.5*sin(PI*t/${seconds})*sin(2*PI*(${tone}+${tone / 6}*sin(2*PI*2*t))*t)`;
      await runFfmpeg(
        ['-f', 'lavfi', '-i', `aevalsrc=${wave}:s=22050:d=${seconds}`, '-c:a', 'pcm_s16le', out],
        { timeoutMs },
      );
      return out;
    },
  };
}
