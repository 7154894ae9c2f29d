import { ffmpegPath, runTool } from './ffmpeg.js';
import type { MediaProbe } from './probe.js';

/**
 * Scale so the SHORTER side is at most `maxShort`, never up, to even sizes (H.264 in 4:2:0
 * needs them), with non-square pixels made square. It runs after ffmpeg's autorotate, so
 * iw/ih are already the upright picture whatever the phone wrote. Both sides use the same
 * factor; the +0.01 absorbs float error (720/2160*2160 = 719.999…) that would lose 2 px.
 */
export function shortSideScale(maxShort: number): string {
  const factor = `min(1,${maxShort}/min(iw*sar,ih))`;
  const even = (side: string) => `trunc(${side}*${factor}/2+0.01)*2`;
  return `scale=w='${even('iw*sar')}':h='${even('ih')}',setsar=1`;
}

/**
 * HLG/PQ clips (iPhones record HDR by default) look grey and washed out when their 10-bit
 * values are just squeezed into 8-bit SDR, so they are tone-mapped to BT.709 first.
 */
const HDR_TRANSFERS = new Set(['arib-std-b67', 'smpte2084']);
const TONEMAP =
  'zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,' +
  'tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv';

let zscaleAvailable: Promise<boolean> | null = null;

/** zscale needs libzimg, which Debian's and the npm static build have but not every build. */
function hasZscale(): Promise<boolean> {
  zscaleAvailable ??= runTool(ffmpegPath(), ['-hide_banner', '-filters'], {
    timeoutMs: 10_000,
    captureStdout: true,
  }).then(
    ({ stdout }) => /\szscale\s/.test(stdout.toString('utf8')),
    () => false,
  );
  return zscaleAvailable;
}

export async function isToneMapped(probe: MediaProbe): Promise<boolean> {
  return probe.colorTransfer !== null && HDR_TRANSFERS.has(probe.colorTransfer) && hasZscale();
}

export interface FilterOptions {
  maxShortSide: number;
  /** Drop frames above this rate; undefined keeps the source rate. */
  maxFps?: number;
}

export async function videoFilterChain(probe: MediaProbe, opts: FilterOptions): Promise<string> {
  const chain: string[] = [];
  if (
    opts.maxFps !== undefined &&
    probe.frameRate !== null &&
    probe.frameRate > opts.maxFps + 0.5
  ) {
    chain.push(`fps=${opts.maxFps}`);
  }
  // Scale before tone mapping: the float conversion then works on 720p, not 4K, frames.
  chain.push(shortSideScale(opts.maxShortSide));
  if (await isToneMapped(probe)) chain.push(TONEMAP);
  chain.push('format=yuv420p');
  return chain.join(',');
}

/**
 * One decode for every size: the source goes through the chain above once, for the largest
 * size, and each smaller size is scaled down from that picture rather than from the source
 * (a 4K frame is decoded, tone-mapped and halved once, not once per rendition). Sizes are
 * shorter sides, largest first; output i is labelled [v<i>]. Never upscaled: a 240p clip
 * stays 240p in every output.
 */
export async function renditionFilterGraph(
  probe: MediaProbe,
  opts: { shortSides: readonly number[]; maxFps?: number },
): Promise<string> {
  const [largest, ...smaller] = opts.shortSides;
  if (largest === undefined || smaller.some((side) => side > largest)) {
    throw new Error('rendition sizes must be given largest first');
  }
  const chain = await videoFilterChain(probe, { maxShortSide: largest, maxFps: opts.maxFps });
  if (smaller.length === 0) return `[0:v:0]${chain}[v0]`;
  const branches = smaller.map((_, i) => `[s${i + 1}]`).join('');
  return [
    `[0:v:0]${chain},split=${opts.shortSides.length}[v0]${branches}`,
    ...smaller.map((side, i) => `[s${i + 1}]${shortSideScale(side)}[v${i + 1}]`),
  ].join(';');
}
