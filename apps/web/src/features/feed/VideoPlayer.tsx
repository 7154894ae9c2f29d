import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Play, VolumeX } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { useVideosHeld } from '../drive-safe';
import { bufferedAhead, isSettled } from './preloadPolicy';
import { setSoundWanted, soundWanted } from './soundPreference';
import { useRendition } from './useRendition';

type PostVideo = NonNullable<Product['video']>;

interface VideoPlayerProps {
  video: PostVideo;
  label: string;
  /** play: the current item (at least 60% visible); preload: the next one, its first seconds. */
  mode: 'play' | 'preload';
  onPausedChange: (paused: boolean) => void;
  /** Once playing with a few seconds buffered: the next video may start downloading. */
  onSettled?: () => void;
}

/** What the browser refused: sound (playing muted now) or playing at all. */
type Blocked = 'sound' | 'play' | null;

export function VideoPlayer({ video, label, mode, onPausedChange, onSettled }: VideoPlayerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const active = mode === 'play';
  // Drive-safe mode: paused while the phone moves at driving speed, playing on after.
  const held = useVideosHeld();
  // Before the effect below: a new source is in place when play() is called.
  const url = useRendition(ref, video.renditions, active);
  const settled = useEffectEvent(() => onSettled?.());
  const [blocked, setBlocked] = useState<Blocked>(null);
  // Our own fallback to muted must not be taken for the driver choosing silence.
  const mutedByBrowser = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!active || held) {
      element.pause();
      return;
    }
    let cancelled = false;
    element.muted = !soundWanted();
    const refused = (error: unknown) =>
      !cancelled && error instanceof DOMException && error.name === 'NotAllowedError';
    element.play().then(
      () => {
        if (!cancelled) setBlocked(null);
      },
      (error: unknown) => {
        if (!refused(error)) return;
        if (element.muted) {
          setBlocked('play');
          return;
        }
        // Autoplay with sound needs a tap first on most phones: play silently and say so.
        mutedByBrowser.current = true;
        element.muted = true;
        setBlocked('sound');
        element.play().catch((second: unknown) => {
          if (refused(second)) setBlocked('play');
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, held, url]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    const events = ['progress', 'timeupdate', 'playing'] as const;
    const check = () => {
      const at = element.currentTime;
      const ahead = bufferedAhead(element.buffered, at);
      if (!isSettled({ playing: !element.paused, ahead, at, duration: element.duration })) return;
      for (const event of events) element.removeEventListener(event, check);
      settled();
    };
    for (const event of events) element.addEventListener(event, check);
    return () => {
      for (const event of events) element.removeEventListener(event, check);
    };
  }, [active]);

  function unmute() {
    const element = ref.current;
    if (!element) return;
    mutedByBrowser.current = false;
    element.muted = false;
    setSoundWanted(true);
    setBlocked(null);
    void element.play().catch(() => undefined);
  }

  function play() {
    setBlocked(null);
    void ref.current?.play().catch(() => setBlocked('play'));
  }

  return (
    <>
      <video
        ref={ref}
        poster={video.posterSmallUrl}
        preload={active ? 'auto' : 'metadata'}
        aria-label={label}
        data-testid="feed-video"
        controls
        loop
        playsInline
        className="absolute inset-0 size-full bg-black object-contain"
        onPlay={() => onPausedChange(false)}
        onPause={() => onPausedChange(true)}
        onVolumeChange={(event) => {
          if (!mutedByBrowser.current) setSoundWanted(!event.currentTarget.muted);
        }}
      />
      {blocked === 'sound' && (
        <button
          type="button"
          onClick={unmute}
          // Left of the action column, which can reach this high on a short slide and would
          // cover the end of the longer Hindi text.
          className="absolute top-24 left-3 z-10 flex min-h-12 max-w-[calc(100%-5.5rem)] items-center gap-2 rounded-3xl bg-black/70 px-4 py-2 text-left text-base leading-tight font-semibold text-white md:top-4"
        >
          <VolumeX aria-hidden className="size-5 shrink-0" />
          {t('feed.tapForSound')}
        </button>
      )}
      {blocked === 'play' && (
        <button
          type="button"
          onClick={play}
          className="absolute inset-x-0 top-1/2 z-10 mx-auto flex min-h-14 w-fit -translate-y-1/2 items-center gap-2 rounded-full bg-black/70 px-6 text-lg font-semibold text-white"
        >
          <Play aria-hidden className="size-6 fill-white" />
          {t('feed.tapToPlay')}
        </button>
      )}
    </>
  );
}
