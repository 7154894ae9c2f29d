import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Play, VolumeX } from 'lucide-react';
import type { Product } from '@saathi/contract';
import { setSoundWanted, soundWanted } from './soundPreference';

type PostVideo = NonNullable<Product['video']>;

interface VideoPlayerProps {
  video: PostVideo;
  label: string;
  /** At least 60% visible: play; otherwise pause. */
  active: boolean;
  preload: 'auto' | 'metadata';
  onPausedChange: (paused: boolean) => void;
}

/** What the browser refused: sound (playing muted now) or playing at all. */
type Blocked = 'sound' | 'play' | null;

export function VideoPlayer({ video, label, active, preload, onPausedChange }: VideoPlayerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState<Blocked>(null);
  // Our own fallback to muted must not be taken for the driver choosing silence.
  const mutedByBrowser = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!active) {
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
        src={video.url}
        poster={video.posterUrl}
        preload={preload}
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
          className="absolute top-24 left-3 z-10 flex min-h-12 items-center gap-2 rounded-full bg-black/70 px-4 text-base font-semibold text-white md:top-4"
        >
          <VolumeX aria-hidden className="size-5" />
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
