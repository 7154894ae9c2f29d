import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleHelp, Mic, Siren, type LucideIcon } from 'lucide-react';
import type { TextKey } from '../../i18n/resources';
import { Dialog } from '../../ui/Dialog';

const actions: readonly {
  to: string;
  key: TextKey<'driveSafe'>;
  icon: LucideIcon;
  className: string;
}[] = [
  { to: '/help', key: 'help', icon: CircleHelp, className: 'bg-white text-stone-900' },
  { to: '/emergency', key: 'sos', icon: Siren, className: 'bg-red-700 text-white' },
  { to: '/voice-chat', key: 'voiceChat', icon: Mic, className: 'bg-white text-stone-900' },
];

/** The calm full-screen card of drive-safe mode: nothing to watch, three ways to get help. */
export function DriveSafeCard({ onPassenger }: { onPassenger: () => void }) {
  const { t } = useTranslation('driveSafe');
  const id = useId();

  // A modal dialog: nothing behind the card can be reached, by keys or a screen reader, and they
  // start on the card itself. Escape does nothing; the passenger button is the way out.
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      focusSelf
      className="m-0 size-full max-h-none max-w-none bg-slate-800 text-white outline-none"
      bodyClassName="flex min-h-full flex-col items-center justify-center gap-8 px-6 py-10 text-center"
    >
      <div className="flex max-w-sm flex-col gap-3">
        <h2 id={`${id}-title`} className="text-3xl font-bold">
          {t('title')}
        </h2>
        <p id={`${id}-body`} className="text-xl leading-relaxed text-slate-100">
          {t('body')}
        </p>
      </div>
      <nav className="flex w-full max-w-sm flex-col gap-4">
        {actions.map(({ to, key, icon: Icon, className }) => (
          <Link
            key={key}
            to={to}
            className={`flex min-h-16 items-center justify-center gap-3 rounded-2xl px-5 text-xl font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
          >
            <Icon aria-hidden className="size-7 shrink-0" />
            {t(key)}
          </Link>
        ))}
      </nav>
      <button
        type="button"
        onClick={onPassenger}
        className="min-h-12 rounded-xl border-2 border-slate-400 px-6 text-lg font-semibold text-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t('passenger')}
      </button>
    </Dialog>
  );
}
