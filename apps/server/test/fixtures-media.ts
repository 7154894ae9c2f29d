import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { runFfmpeg } from '../src/media/ffmpeg.js';

/** A temp folder for generated media, removed by `cleanup`. */
export async function mediaDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'saathi-media-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Set by `npm test` (scripts/test.mjs) for the whole run; unset, every fixture is made anew. */
const cacheDir = process.env.TEST_MEDIA_CACHE;

/** Every input is one of ffmpeg's generated sources (lavfi): the output depends on the arguments alone. */
const generatedOnly = (args: string[]) =>
  args.every((arg, i) => arg !== '-i' || (args[i - 2] === '-f' && args[i - 1] === 'lavfi'));

/**
 * Runs ffmpeg for a fixture; lavfi sources make real files without any stored sample. The
 * output is the last argument. In `npm test` a fixture made only from generated sources is
 * made once and copied after that: the server suite runs twice (PGlite, PostgreSQL) and its
 * fixtures were a fifth of a pass's CPU. A command reading any file, or writing anywhere but
 * to a file named by its absolute path, is always run.
 */
export async function ffmpeg(args: string[]): Promise<void> {
  const output = args.at(-1);
  if (!cacheDir || !output?.startsWith('/') || !generatedOnly(args)) {
    await runFfmpeg(args, { timeoutMs: 60_000 });
    return;
  }
  const made = join(
    cacheDir,
    createHash('sha256')
      .update(JSON.stringify(args.slice(0, -1)))
      .digest('hex') + extname(output),
  );
  try {
    await copyFile(made, output);
    return;
  } catch {
    // Not made yet in this run.
  }
  await runFfmpeg(args, { timeoutMs: 60_000 });
  // Renamed into place whole: a worker making the same fixture at once copies either file.
  const partial = `${made}.${randomUUID()}`;
  await copyFile(output, partial);
  await rename(partial, made);
}

/** Runs jobs two at a time: the test machines have two cores. */
export async function inPairs<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < jobs.length; i += 2) {
    results.push(...(await Promise.all(jobs.slice(i, i + 2).map((job) => job()))));
  }
  return results;
}

export interface Box {
  type: string;
  start: number;
  end: number;
  /** Where the payload starts (after size and type). */
  body: number;
}

/** The ISO-BMFF boxes between `start` and `end` (MP4, MOV, 3GP, HEIF, M4A). */
export function boxes(buf: Buffer, start = 0, end = buf.length): Box[] {
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      body = at + 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < 8 || at + size > end) break;
    found.push({ type, start: at, end: at + size, body });
    at += size;
  }
  return found;
}

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  return boxes(buf, parent.body, parent.end).find((b) => b.type === type);
}

/**
 * Writes a rotation into the first track's tkhd matrix, as phones do for portrait clips.
 * Done on the bytes because ffmpeg's own switch for it changed across versions (`rotate`
 * metadata until 5.x, `-display_rotation` from 7.0). Only quarter turns, clockwise.
 */
export async function setRotation(path: string, clockwise: 90 | 180 | 270): Promise<void> {
  const buf = await readFile(path);
  const moov = boxes(buf).find((b) => b.type === 'moov');
  const trak = moov && child(buf, moov, 'trak');
  const tkhd = trak && child(buf, trak, 'tkhd');
  if (!tkhd) throw new Error(`no tkhd in ${path}`);
  const version = buf[tkhd.body] ?? 0;
  // version(1) flags(3) times and ids (20 or 32 bytes) reserved(8) layer.. volume.. (8)
  const matrixAt = tkhd.body + 4 + (version === 1 ? 32 : 20) + 8 + 8;
  const one = 0x10000;
  const [a, b, c, d] =
    clockwise === 90
      ? [0, one, -one, 0]
      : clockwise === 180
        ? [-one, 0, 0, -one]
        : [0, -one, one, 0];
  buf.writeInt32BE(a, matrixAt);
  buf.writeInt32BE(b, matrixAt + 4);
  buf.writeInt32BE(c, matrixAt + 12);
  buf.writeInt32BE(d, matrixAt + 16);
  await writeFile(path, buf);
}

export function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

export const fullBox = (type: string, version: number, ...payload: Buffer[]) =>
  box(type, Buffer.from([version, 0, 0, 0]), ...payload);

export const u8 = (...v: number[]) => Buffer.from(v);
export function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v);
  return b;
}
export function u32(v: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
}

/** Splits an Annex B stream (00 00 01 start codes) into NAL units. */
function nalUnits(stream: Buffer): Buffer[] {
  const starts: number[] = [];
  for (let i = 0; i + 3 <= stream.length; i++) {
    if (stream[i] === 0 && stream[i + 1] === 0 && stream[i + 2] === 1) {
      starts.push(i + 3);
      i += 2;
    }
  }
  return starts.map((s, k) => {
    let end = k + 1 < starts.length ? (starts[k + 1] ?? stream.length) - 3 : stream.length;
    while (end > s && stream[end - 1] === 0) end--;
    return stream.subarray(s, end);
  });
}

const nalType = (nal: Buffer) => ((nal[0] ?? 0) >> 1) & 0x3f;

/** The parts of one HEVC intra frame a HEIF item needs: its hvcC box and its coded slices. */
function hevcItem(annexB: Buffer): { hvcC: Buffer; data: Buffer } {
  const nals = nalUnits(annexB);
  const params = (t: number) => nals.filter((n) => nalType(n) === t);
  const vps = params(32);
  const sps = params(33);
  const pps = params(34);
  const slices = nals.filter((n) => nalType(n) < 32);
  const firstSps = sps[0];
  if (!firstSps || vps.length === 0 || pps.length === 0 || slices.length === 0) {
    throw new Error('not an HEVC intra frame');
  }
  // profile_tier_level sits at a fixed place in the SPS: 2 header bytes, 1 byte of ids, then
  // 12 bytes (profile, compatibility flags, constraint flags, level). x265 at this size puts
  // no emulation-prevention bytes there.
  const ptl = firstSps.subarray(3, 15);
  const arrays = [
    [32, vps],
    [33, sps],
    [34, pps],
  ] as const;
  const hvcC = box(
    'hvcC',
    u8(1),
    ptl,
    u16(0xf000),
    u8(0xfc, 0xfd, 0xf8, 0xf8),
    u16(0),
    u8(0x0f, arrays.length),
    ...arrays.flatMap(([type, list]) => [
      u8(0x80 | type),
      u16(list.length),
      ...list.flatMap((n) => [u16(n.length), n]),
    ]),
  );
  return { hvcC, data: Buffer.concat(slices.flatMap((n) => [u32(n.length), n])) };
}

const heicFtyp = () =>
  box('ftyp', Buffer.from('heic', 'latin1'), u32(0), Buffer.from('mif1heic', 'latin1'));

const pictHandler = () =>
  fullBox('hdlr', 0, u32(0), Buffer.from('pict', 'latin1'), Buffer.alloc(12), u8(0));

/**
 * Wraps one HEVC intra frame in a HEIF container the way an iPhone's HEIC is built (brand
 * `heic`, one `hvc1` item with hvcC and ispe properties). Debian's ffmpeg 5.1 has no HEIF
 * muxer and no npm package encodes HEVC-HEIF, so the container is written here; the
 * picture inside is real libx265 output that libheif must decode.
 */
export function heifFromHevc(
  annexB: Buffer,
  width: number,
  height: number,
  /** `irot`: quarter turns counter-clockwise, as iPhones store portrait photos. */
  quarterTurnsCcw = 0,
): Buffer {
  const { hvcC, data: mdatPayload } = hevcItem(annexB);
  const ispe = fullBox('ispe', 0, u32(width), u32(height));
  const ftyp = heicFtyp();
  const meta = (dataOffset: number) =>
    fullBox(
      'meta',
      0,
      pictHandler(),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iloc',
        0,
        u8(0x44, 0x00),
        u16(1),
        u16(1),
        u16(0),
        u16(1),
        u32(dataOffset),
        u32(mdatPayload.length),
      ),
      fullBox(
        'iinf',
        0,
        u16(1),
        fullBox('infe', 2, u16(1), u16(0), Buffer.from('hvc1', 'latin1'), u8(0)),
      ),
      box(
        'iprp',
        box('ipco', hvcC, ispe, ...(quarterTurnsCcw ? [box('irot', u8(quarterTurnsCcw & 3))] : [])),
        quarterTurnsCcw
          ? fullBox('ipma', 0, u32(1), u16(1), u8(3, 0x81, 0x02, 0x83))
          : fullBox('ipma', 0, u32(1), u16(1), u8(2, 0x81, 0x02)),
      ),
    );
  // The item's offset points into mdat, so meta's size must be known first; it does not
  // depend on the offset's value.
  const offset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(offset), box('mdat', mdatPayload)]);
}

/**
 * A HEIC `grid` image, as cameras store large photos, whose every tile is the same bytes:
 * `rows` x `columns` items all pointing at one coded tile. The file stays a few tens of KB
 * whatever the picture's size, which is what makes it a decompression bomb.
 */
export function heifGridFromHevc(
  annexB: Buffer,
  tile: { width: number; height: number },
  rows: number,
  columns: number,
): Buffer {
  const { hvcC, data: tileData } = hevcItem(annexB);
  const count = rows * columns;
  const width = tile.width * columns;
  const height = tile.height * rows;
  if (rows > 256 || columns > 256 || width > 0xffff || height > 0xffff) {
    throw new Error('grid too large for 16-bit fields');
  }
  // ImageGrid: version 0, flags 0 (16-bit sizes), rows-1, columns-1, output width and height.
  const grid = Buffer.concat([u8(0, 0, rows - 1, columns - 1), u16(width), u16(height)]);
  const tileIds = Array.from({ length: count }, (_, i) => i + 2);
  const ftyp = heicFtyp();
  const extent = (id: number, offset: number, length: number) =>
    Buffer.concat([u16(id), u16(0), u16(1), u32(offset), u32(length)]);
  // The hidden flag (infe flags = 1) keeps the tiles out of the top-level images.
  const infe = (id: number, type: string, hidden: boolean) =>
    box('infe', u8(2, 0, 0, hidden ? 1 : 0), u16(id), u16(0), Buffer.from(type, 'latin1'), u8(0));
  const meta = (dataOffset: number) =>
    fullBox(
      'meta',
      0,
      pictHandler(),
      fullBox('pitm', 0, u16(1)),
      fullBox(
        'iloc',
        0,
        u8(0x44, 0x00),
        u16(count + 1),
        extent(1, dataOffset, grid.length),
        ...tileIds.map((id) => extent(id, dataOffset + grid.length, tileData.length)),
      ),
      fullBox(
        'iinf',
        0,
        u16(count + 1),
        infe(1, 'grid', false),
        ...tileIds.map((id) => infe(id, 'hvc1', true)),
      ),
      fullBox('iref', 0, box('dimg', u16(1), u16(count), ...tileIds.map(u16))),
      box(
        'iprp',
        box(
          'ipco',
          hvcC,
          fullBox('ispe', 0, u32(tile.width), u32(tile.height)),
          fullBox('ispe', 0, u32(width), u32(height)),
        ),
        fullBox(
          'ipma',
          0,
          u32(count + 1),
          u16(1),
          u8(1, 0x03),
          ...tileIds.map((id) => Buffer.concat([u16(id), u8(2, 0x81, 0x02)])),
        ),
      ),
    );
  const offset = ftyp.length + meta(0).length + 8;
  return Buffer.concat([ftyp, meta(offset), box('mdat', grid, tileData)]);
}

/** The issue 11 bomb: a red 512x512 HEVC tile repeated `rows` x `columns` times in a HEIC grid. */
export async function repeatedTileHeic(
  dir: string,
  rows: number,
  columns: number,
): Promise<Buffer> {
  const tilePath = join(dir, 'tile-512.hevc');
  await ffmpeg([
    ...['-y', '-f', 'lavfi', '-i', 'color=red:size=512x512', '-frames:v', '1'],
    ...['-c:v', 'libx265', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p'],
    ...['-f', 'hevc', tilePath],
  ]);
  return heifGridFromHevc(await readFile(tilePath), { width: 512, height: 512 }, rows, columns);
}

/** Reads the mime sniff.ts would settle on, through the real upload check. */
export async function sniffedMime(path: string, accept: readonly string[]): Promise<string> {
  const { createReadStream } = await import('node:fs');
  const { Writable } = await import('node:stream');
  const { pipeline } = await import('node:stream/promises');
  const { checkedStream } = await import('../src/media/sniff.js');
  const info = { mime: '', bytes: 0 };
  const rule = { maxBytes: 50 * 1024 * 1024, accept, rejectCode: 'invalid_input' as const };
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  await pipeline(createReadStream(path), checkedStream(rule, info), sink);
  return info.mime;
}

/** The boxes at the top of a file, in order: faststart means `moov` comes before `mdat`. */
export function isFaststart(file: Buffer): boolean {
  const order = boxes(file).map((b) => b.type);
  const moov = order.indexOf('moov');
  const mdat = order.indexOf('mdat');
  return moov >= 0 && mdat >= 0 && moov < mdat;
}

/**
 * A phone's portrait clip as stored: 1920x1080 frames, left half red and right half blue,
 * to be marked rotated 90° clockwise. Upright, red must be at the top. Flat colours keep
 * the 1080p encode cheap on two cores.
 */
export const portraitSource = [
  '-f',
  'lavfi',
  '-i',
  'color=red:size=960x1080:rate=30:duration=2[l];color=blue:size=960x1080:rate=30:duration=2[r];[l][r]hstack',
];

/**
 * The same meaningless bytes on every run. Random bytes made the damaged-file tests fail by
 * chance: now and then ffprobe reads them as some container with no audio in it.
 */
export function fixedNoise(size: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < size; i++) {
    blocks.push(createHash('sha256').update(`noise ${i}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, size);
}
