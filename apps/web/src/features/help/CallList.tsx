import { Phone } from 'lucide-react';
import { telLink } from './teamMessage';

export interface CallEntry {
  key: string;
  name: string;
  number: string;
}

/** Names and numbers as tap-to-call links; `onCall` runs as the phone opens the dialer. */
export function CallList({
  entries,
  onCall,
}: {
  entries: readonly CallEntry[];
  onCall?: (entry: CallEntry) => void;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.key}>
          <a
            href={telLink(entry.number)}
            onClick={() => onCall?.(entry)}
            className="flex min-h-14 items-center gap-3 rounded-xl border-2 border-stone-200 px-4 py-2 hover:bg-orange-50 focus-visible:outline-3 focus-visible:outline-brand"
          >
            <Phone aria-hidden className="size-5 shrink-0 text-emerald-700" />
            {/* A long team name and number share one line when they fit, else the number wraps whole. */}
            <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
              <span className="text-lg font-semibold">{entry.name}</span>
              <span className="text-lg font-bold whitespace-nowrap tabular-nums text-stone-800">
                {entry.number}
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
