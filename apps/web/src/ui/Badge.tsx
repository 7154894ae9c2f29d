import type { ReactNode } from 'react';

const tones = {
  grey: 'bg-stone-100 text-stone-800',
  green: 'bg-emerald-100 text-emerald-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  sky: 'bg-sky-100 text-sky-900',
  alarm: 'bg-red-700 text-white',
} as const;
export type BadgeTone = keyof typeof tones;

/** A short coloured word for a state (open, verified, blocked, processing…). */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
