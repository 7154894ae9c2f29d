import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../../../test/fixtures-media.js';
import { probeMedia } from '../../media/probe.js';
import { mediaMaker } from './media.js';

describe('demo media', () => {
  let media: Awaited<ReturnType<typeof mediaDir>>;
  beforeAll(async () => {
    media = await mediaDir();
  });
  afterAll(() => media.cleanup());

  it('draws portrait photos and clips with words on them, and voice-like tones', async () => {
    const make = mediaMaker(media.dir, pino({ level: 'silent' }));
    const clip = await probeMedia(await make.video('clip', 'testsrc2', 'NH48\nManesar', 4, 330));
    expect(clip).toMatchObject({ width: 720, height: 1280, hasAudio: true });
    expect(clip.durationSec).toBeCloseTo(4, 0);
    const voice = await probeMedia(await make.voice('note', 200, 3));
    expect(voice).toMatchObject({ hasVideo: false, hasAudio: true });
    expect(voice.durationSec).toBeCloseTo(3, 0);

    const photo = await make.image('photo', 'smptebars', 'Road open');
    expect(await sharp(photo).metadata()).toMatchObject({ width: 720, height: 1280 });
  });

  it('leaves the words out, once warned, where ffmpeg has no font to draw them', async () => {
    const empty = join(media.dir, 'fonts.conf');
    await writeFile(empty, '<?xml version="1.0"?><fontconfig></fontconfig>');
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(line) });
    const saved = process.env.FONTCONFIG_FILE;
    process.env.FONTCONFIG_FILE = empty;
    try {
      const make = mediaMaker(media.dir, log);
      const withoutFont = await make.image('a', 'smptebars', 'Road open');
      await make.image('b', 'smptebars', 'Road open');
      expect(await sharp(withoutFont).metadata()).toMatchObject({ width: 720, height: 1280 });
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('drawing text failed');
    } finally {
      if (saved === undefined) delete process.env.FONTCONFIG_FILE;
      else process.env.FONTCONFIG_FILE = saved;
    }
    // With the font the words change the picture; without it, it is the bare test source.
    const make = mediaMaker(media.dir, pino({ level: 'silent' }));
    const withFont = await sharp(await make.image('c', 'smptebars', 'Road open'))
      .raw()
      .toBuffer();
    const bare = await sharp(join(media.dir, 'a.jpg')).raw().toBuffer();
    expect(withFont.equals(bare)).toBe(false);
  });
});
