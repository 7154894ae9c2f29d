import type { VideoRendition } from '@saathi/contract';
import type { DataSaver } from './dataSaver';

/** What the browser tells of the network (Network Information API; Chromium only). */
export interface NetworkHints {
  /** 'slow-2g', '2g', '3g' or '4g': the browser's estimate from recent round trips. */
  effectiveType?: string;
  /** Estimated downlink in Mbit/s, rounded and capped at 10 by Chromium. */
  downlink?: number;
  /** The driver turned on the browser's or the phone's data saver. */
  saveData?: boolean;
}

/**
 * A link must carry a rendition's peak rate with half again to spare: the estimates are
 * rough, mobile links swing, and the page's own calls and the next video share the link.
 */
export const headroom = 1.5;

/** Chromium's "3g" already means under about 700 kbit/s or round trips over 270 ms. */
const slowTypes = new Set(['slow-2g', '2g', '3g']);

export function readNetworkHints(): NetworkHints {
  const { connection } = navigator as Navigator & { connection?: NetworkHints };
  if (!connection) return {};
  const { effectiveType, downlink, saveData } = connection;
  return { effectiveType, downlink, saveData };
}

export interface ChoiceInput {
  setting: DataSaver;
  network: NetworkHints;
  /** The throughput this page measured on its own video downloads, if any yet. */
  measuredKbps: number | null;
  /** A rendition whose download the page itself started (firstPage.ts), if any. */
  started?: number;
}

/** The best rendition a link of `kbps` carries with headroom; the lowest when none fits. */
export function fittingRendition(renditions: readonly VideoRendition[], kbps: number): number {
  let best = 0;
  renditions.forEach((rendition, index) => {
    if (rendition.kbps * headroom <= kbps) best = index;
  });
  return best;
}

/**
 * Which rendition (index into `renditions`, lowest first) to play. The driver's setting
 * wins; then Save-Data; then what this page measured, which is recent and real; then the
 * browser's hints. Knowing nothing (Safari, Firefox), it plays the one the page already
 * started downloading (the server's pick for a cold open, its first seconds likely in) or
 * else the 720p file, and relies on stepping down when that stalls.
 */
export function chooseRendition(renditions: readonly VideoRendition[], input: ChoiceInput): number {
  const highest = renditions.length - 1;
  if (input.setting === 'low') return 0;
  if (input.setting === 'best') return highest;
  const { effectiveType, downlink, saveData } = input.network;
  if (saveData) return 0;
  if (input.measuredKbps !== null) return fittingRendition(renditions, input.measuredKbps);
  if (effectiveType && slowTypes.has(effectiveType)) return 0;
  // Chromium reports 0 while offline or before it has an estimate.
  if (downlink) return fittingRendition(renditions, downlink * 1000);
  return input.started !== undefined && renditions[input.started] ? input.started : highest;
}
