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
    'absolute top-[27%] z-20 flex size-12 -translate-y-1/2 items-center justify-center rounded-full border border-white/30 bg-black/55 text-white transition-opacity duration-300 disabled:opacity-0';
  return (
    <div className="md:hidden">
      <button
        type="button"
        onClick={() => onMove(-1)}
        disabled={position <= 0}
        aria-label={t('feed.previous')}
        className={`${arrow} left-2 ${arrows ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      >
        <ChevronLeft aria-hidden className="size-7" />
      </button>
      <button
        type="button"
        onClick={() => onMove(1)}
        disabled={position >= count - 1}
        aria-label={t('feed.next')}
        className={`${arrow} right-2 ${arrows ? 'opacity-100' : 'pointer-events-none opacity-0'}`}
      >
        <ChevronRight aria-hidden className="size-7" />
      </button>
      {hint && (
        <p
          role="status"
          className="pointer-events-none absolute inset-x-0 top-[52%] z-20 mx-auto w-fit rounded-full bg-black/70 px-4 py-2 text-base font-semibold text-white"
        >
          {t('feed.swipeHint')}
        </p>
      )}
    </div>
  );
}
