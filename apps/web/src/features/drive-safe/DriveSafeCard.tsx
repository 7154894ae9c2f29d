import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleHelp, Mic, Siren, type LucideIcon } from 'lucide-react';

const actions: readonly { to: string; key: string; icon: LucideIcon; className: string }[] = [
  { to: '/help', key: 'help', icon: CircleHelp, className: 'bg-white text-stone-900' },
  { to: '/emergency', key: 'sos', icon: Siren, className: 'bg-red-700 text-white' },
  { to: '/voice-chat', key: 'voiceChat', icon: Mic, className: 'bg-white text-stone-900' },
];

/** The calm full-screen card of drive-safe mode: nothing to watch, three ways to get help. */
export function DriveSafeCard({ onPassenger }: { onPassenger: () => void }) {
  const { t } = useTranslation('driveSafe');
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Nothing behind the card can be reached, by keys or a screen reader; they start on it.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    dialog.current?.focus();
    return () => app?.removeAttribute('inert');
  }, []);

  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      tabIndex={-1}
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-8 overflow-y-auto bg-slate-800 px-6 py-10 text-center text-white outline-none"
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
    </div>,
    document.body,
  );
}
