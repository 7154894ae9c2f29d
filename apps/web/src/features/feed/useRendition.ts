import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { VideoRendition } from '@saathi/contract';
import { readDataSaver } from './dataSaver';
import { releaseStartedVideo, startedVideoUrl } from './firstPage';
import { bufferedEnd } from './preloadPolicy';
import { chooseRendition, fittingRendition, readNetworkHints } from './renditionChoice';
import { longStallMs, stallsRepeat } from './stalls';
import {
  downloadKbps,
  measuredKbps,
  measureWindowMs,
  noteStall,
  setMeasuredKbps,
  type BufferSample,
} from './throughput';

/**
 * Gives the <video> its source: the rendition chosen when it mounts, stepped down (at the
 * same moment of the clip) when the first seconds of the download come slower than it
 * plays, or when it stalls. Only down: going up would fetch the clip again. The next video
 * chooses afresh from what this one measured. Without a source, or unmounted, the element
 * is emptied so its download ends (a removed <video> keeps downloading otherwise).
 */
export function useRendition(
  ref: RefObject<HTMLVideoElement | null>,
  renditions: readonly VideoRendition[],
  playing: boolean,
): string | undefined {
  const [setting] = useState(readDataSaver);
  const [choice, setChoice] = useState(() => {
    const started = renditions.findIndex((r) => r.url === startedVideoUrl());
    return chooseRendition(renditions, {
      setting,
      network: readNetworkHints(),
      measuredKbps: measuredKbps(),
      started: started >= 0 ? started : undefined,
    });
  });
  const chosen = renditions[choice];
  const url = chosen?.url;
  const kbps = chosen?.kbps ?? 0;
  // The driver's Always low or Best quality is kept, stalls or not.
  const adaptive = setting === 'auto';
  const resumeAt = useRef<number | null>(null);
  // Read by listeners that outlive a render; a refetched feed brings new but equal renditions.
  const current = useRef({ choice, kbps, renditions });
  useEffect(() => {
    current.current = { choice, kbps, renditions };
  }, [choice, kbps, renditions]);

  const stepDownTo = useCallback(
    (index: number) => {
      const element = ref.current;
      if (!element || index < 0 || index >= current.current.choice) return;
      resumeAt.current = element.currentTime;
      current.current = { ...current.current, choice: index };
      setChoice(index);
    },
    [ref],
  );

  useEffect(() => {
    const element = ref.current;
    if (!element || !url) return;
    const resume = resumeAt.current;
    resumeAt.current = null;
    const seek = () => {
      if (resume) element.currentTime = resume;
    };
    if (resume) element.addEventListener('loadedmetadata', seek, { once: true });
    element.src = url;
    return () => {
      element.removeEventListener('loadedmetadata', seek);
      // load() without a source pauses the element and ends its download.
      element.removeAttribute('src');
      element.load();
    };
  }, [ref, url]);

  // The page's own video of this file hands over once this player knows the file: it goes on
  // from where that one got. The page's video of another file only takes the link from this one.
  useEffect(() => {
    const element = ref.current;
    if (!element || !playing || !url) return;
    if (url !== startedVideoUrl()) {
      releaseStartedVideo();
      return;
    }
    const takeOver = () => {
      const at = releaseStartedVideo();
      if (at > element.currentTime) element.currentTime = at;
    };
    if (element.readyState >= HTMLMediaElement.HAVE_METADATA) return takeOver();
    element.addEventListener('loadedmetadata', takeOver, { once: true });
    return () => element.removeEventListener('loadedmetadata', takeOver);
  }, [ref, playing, url]);

  // The first seconds of playing: how fast does this link bring this rendition?
  useEffect(() => {
    const element = ref.current;
    if (!element || !playing) return;
    const sample = (): BufferSample => ({
      atMs: performance.now(),
      bufferedSec: bufferedEnd(element.buffered),
    });
    const start = sample();
    const startChoice = current.current.choice;
    const events = ['progress', 'timeupdate'] as const;
    let done = false;
    const finish = () => {
      done = true;
      window.clearTimeout(timer);
      for (const event of events) element.removeEventListener(event, check);
    };
    const check = () => {
      if (done) return;
      // A step down meanwhile (a stall) restarted the download: these figures no longer add up.
      if (current.current.choice !== startChoice) return finish();
      const now = sample();
      const whole = element.duration > 0 && now.bufferedSec >= element.duration - 0.1;
      if (!whole && now.atMs - start.atMs < measureWindowMs) return;
      finish();
      const rate = downloadKbps(start, now, current.current.kbps);
      if (rate === null) return;
      setMeasuredKbps(rate);
      // Slower than it plays: it will stall, so change now rather than after the stall.
      if (adaptive && !whole && rate < current.current.kbps) {
        stepDownTo(fittingRendition(current.current.renditions, rate));
      }
    };
    const timer = window.setTimeout(check, measureWindowMs);
    for (const event of events) element.addEventListener(event, check);
    return finish;
  }, [ref, playing, adaptive, stepDownTo]);

  // Stalls: one long wait, or waits again and again, step down one rendition.
  useEffect(() => {
    const element = ref.current;
    if (!element || !playing || !adaptive) return;
    const starts: number[] = [];
    let timer: number | undefined;
    const stepDown = () => {
      window.clearTimeout(timer);
      noteStall(kbps);
      stepDownTo(choice - 1);
    };
    const onWaiting = () => {
      // A seek waits for data too; that is the driver's doing, not the link's.
      if (element.seeking) return;
      const now = performance.now();
      starts.push(now);
      if (stallsRepeat(starts, now)) return stepDown();
      window.clearTimeout(timer);
      timer = window.setTimeout(stepDown, longStallMs);
    };
    const onResumed = () => window.clearTimeout(timer);
    element.addEventListener('waiting', onWaiting);
    for (const event of ['playing', 'pause', 'seeking']) {
      element.addEventListener(event, onResumed);
    }
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('waiting', onWaiting);
      for (const event of ['playing', 'pause', 'seeking']) {
        element.removeEventListener(event, onResumed);
      }
    };
  }, [ref, playing, adaptive, choice, kbps, stepDownTo]);

  return url;
}
