import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { box, ffmpeg, fullBox, u16, u32, u8 } from './fixtures-media.js';

const identity = Buffer.concat(
  [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map((v) => u32(v >>> 0)),
);

/**
 * The attack of issue 11 as bytes: a QuickTime MOV whose sample table lists one big MJPEG
 * frame `frames` times, every entry pointing at the same bytes. The file stays about the
 * size of one JPEG, yet a decoder must decode `frames` frames of `size` x `size` pixels.
 * ffmpeg has no muxer that repeats a chunk, so the boxes are written here.
 */
export async function loopedMjpegMov(
  dir: string,
  opts: { size: number; frames: number; fps: number },
): Promise<Buffer> {
  const framePath = join(dir, `frame-${opts.size}.jpg`);
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `color=c=gray:size=${opts.size}x${opts.size}`],
    ...['-frames:v', '1', '-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '31', framePath],
  ]);
  const jpeg = await readFile(framePath);
  const ftyp = box(
    'ftyp',
    Buffer.from('qt  ', 'latin1'),
    u32(0x200),
    Buffer.from('qt  ', 'latin1'),
  );
  const mdat = box('mdat', jpeg);
  const dataAt = ftyp.length + 8;
  const { size, frames, fps } = opts;
  const zeros = (n: number) => Buffer.alloc(n);

  const sampleEntry = box(
    'jpeg',
    zeros(6),
    u16(1),
    ...[u16(0), u16(0), u32(0), u32(0), u32(512)],
    ...[u16(size), u16(size), u32(0x480000), u32(0x480000), u32(0), u16(1)],
    zeros(32),
    u16(24),
    u16(0xffff),
  );
  const stbl = box(
    'stbl',
    fullBox('stsd', 0, u32(1), sampleEntry),
    fullBox('stts', 0, u32(1), u32(frames), u32(1)),
    fullBox('stsc', 0, u32(1), u32(1), u32(1), u32(1)),
    fullBox('stsz', 0, u32(jpeg.length), u32(frames)),
    fullBox(
      'stco',
      0,
      u32(frames),
      Buffer.concat(Array.from({ length: frames }, () => u32(dataAt))),
    ),
  );
  const minf = box(
    'minf',
    fullBox('vmhd', 0, u16(0), zeros(6)),
    box('dinf', fullBox('dref', 0, u32(1), box('url ', u8(0, 0, 0, 1)))),
    stbl,
  );
  const mdia = box(
    'mdia',
    fullBox('mdhd', 0, u32(0), u32(0), u32(fps), u32(frames), u16(0x55c4), u16(0)),
    fullBox('hdlr', 0, u32(0), Buffer.from('vide', 'latin1'), zeros(12), u8(0)),
    minf,
  );
  const tkhd = fullBox(
    'tkhd',
    0,
    ...[u32(0), u32(0), u32(1), u32(0), u32(frames), zeros(8)],
    ...[u16(0), u16(0), u16(0), u16(0), identity, u32(size * 0x10000), u32(size * 0x10000)],
  );
  const mvhd = fullBox(
    'mvhd',
    0,
    ...[u32(0), u32(0), u32(fps), u32(frames), u32(0x10000), u16(0x100), zeros(10)],
    ...[identity, zeros(24), u32(2)],
  );
  const moov = box('moov', mvhd, box('trak', tkhd, mdia));
  return Buffer.concat([ftyp, mdat, moov]);
}
