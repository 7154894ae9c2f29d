import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';

interface FeedNavigatorProps {
  /** The active item; each change is a move. */
  position: number;
  /** Counts touches on the feed: a finger on the screen brings the arrows back. */
  touches: number;
  count: number;
  onMove: (step: 1 | -1) => void;
}

/** Spec timings: the hint stays 5 s, the arrows hide 3 s after opening and 2 s after a move. */
const hintMs = 5000;
const firstHideMs = 3000;
const afterMoveMs = 2000;

/** Phone-only arrows and the 'Swipe to navigate' hint. */
export function FeedNavigator({ position, touches, count, onMove }: FeedNavigatorProps) {
  const { t } = useTranslation();
  const [hint, setHint] = useState(true);
  const [opened] = useState(position);
  // Arrows show until the hide timer of the current position and touch has fired.
  const moment = `${position}:${touches}`;
  const [hiddenAt, setHiddenAt] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setHint(false), hintMs);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    const delay = moment === `${opened}:0` ? firstHideMs : afterMoveMs;
    const timer = window.setTimeout(() => setHiddenAt(moment), delay);
    return () => window.clearTimeout(timer);
  }, [moment, opened]);

  const arrows = hiddenAt !== moment;
  const arrow =
    'absolute top-[27%] flex size-12 short-slide:top-[40%] -translate-y-1/2 items-center justify-center rounded-full border border-white/30 bg-black/55 text-white transition-opacity duration-300 disabled:pointer-events-none disabled:opacity-0';
  const shown = arrows ? 'pointer-events-auto opacity-100' : 'opacity-0';
  // The overlay is a `slide` container too. On a short slide the action column reaches the
  // top, where the Next arrow took taps meant for the like button, and the author card reaches
  // 27% down: the pair sits side by side on the left, between the card and the caption.
  return (
    <div className="pointer-events-none absolute inset-0 z-20 [container:slide/size] md:hidden">
      <button
        type="button"
        onClick={() => onMove(-1)}
        disabled={position <= 0}
        aria-label={t('feed.previous')}
        className={`${arrow} left-2 ${shown}`}
      >
        <ChevronLeft aria-hidden className="size-7" />
      </button>
      <button
        type="button"
        onClick={() => onMove(1)}
        disabled={position >= count - 1}
        aria-label={t('feed.next')}
        className={`${arrow} right-2 short-slide:right-auto short-slide:left-16 ${shown}`}
      >
        <ChevronRight aria-hidden className="size-7" />
      </button>
      {hint && (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-0 top-[52%] mx-auto w-fit rounded-full bg-black/70 px-4 py-2 text-base font-semibold text-white"
        >
          {t('feed.swipeHint')}
        </p>
      )}
    </div>
  );
}
