import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Siren } from 'lucide-react';
import type { WhereAmI } from '../location';
import { helpBody } from './helpBody';
import { useTeamContacts } from './helpApi';
import { OfflineHelp } from './OfflineHelp';
import type { HelpOutcome } from './outbox';
import { useHelpSend } from './useHelpSend';
import { WaitingRequests } from './WaitingRequests';
import { errorText } from '../../api/errorText';
import { useOnline } from '../../api/useOnline';
import { showToast, toastStyles } from '../../ui/toastStore';
import { Spinner } from '../../ui/Spinner';

/** Long enough to cancel a pocket press, short enough for a driver in danger. */
export const sosCountdownSeconds = 5;

type Phase = 'idle' | 'counting' | 'cancelled' | 'sent' | 'waiting';

/**
 * The SOS action: a press starts a visible countdown that can be cancelled; at zero a help
 * request (source 'sos') goes to the team with the location, through the phone's outbox.
 * Offline at once, or when no answer came within 8 s, the phone's own ways are offered: the
 * team's numbers, an SMS with the location, and 112; the request waits on the phone and is
 * sent when the network returns.
 */
export function SosPanel({ location }: { location: WhereAmI }) {
  const { t } = useTranslation('help');
  const team = useTeamContacts();
  const online = useOnline();
  const [phase, setPhase] = useState<Phase>('idle');
  const [left, setLeft] = useState(sosCountdownSeconds);
  const body = helpBody(location, 'sos', team.data?.[0]);

  const send = useHelpSend((outcome: HelpOutcome) => {
    if (outcome.kind === 'sent') setPhase('sent');
    else if (outcome.kind === 'waiting') setPhase('waiting');
    else setPhase('idle');
    if (outcome.kind === 'refused') {
      showToast('error', errorText(outcome.error, 'help:failed'), toastStyles.user);
    }
  });

  // Reads the location at the moment the countdown ends, without restarting the timer.
  const fire = useEffectEvent(() => {
    setPhase('idle');
    send.send(body);
  });

  useEffect(() => {
    if (phase !== 'counting') return;
    const timer = window.setTimeout(() => {
      if (left > 1) setLeft(left - 1);
      else fire();
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [phase, left]);

  const start = () => {
    setLeft(sosCountdownSeconds);
    setPhase('counting');
  };

  return (
    <section
      aria-labelledby="sos-title"
      className="flex shrink-0 flex-col gap-2 bg-red-50 px-4 py-3"
    >
      <h2 id="sos-title" className="sr-only">
        {t('sos.title')}
      </h2>
      {phase === 'counting' ? (
        <div role="alert" className="flex flex-col items-center gap-2">
          <p className="text-xl font-bold text-red-800" data-testid="sos-countdown">
            {t('sos.countdown', { count: left })}
          </p>
          <button
            type="button"
            onClick={() => setPhase('cancelled')}
            className="min-h-14 w-full rounded-2xl border-4 border-red-700 bg-white text-xl font-bold text-red-800"
          >
            {t('sos.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={start}
          disabled={send.pending}
          className="flex min-h-16 w-full items-center justify-center gap-3 rounded-2xl bg-red-700 px-4 text-xl font-extrabold text-white shadow-md hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:bg-stone-500"
        >
          {send.pending ? <Spinner /> : <Siren aria-hidden className="size-7 shrink-0" />}
          {send.pending ? t('sos.sending') : t('sos.button')}
        </button>
      )}
      {phase === 'idle' && !send.pending && <p className="text-stone-700">{t('sos.hint')}</p>}
      {phase === 'cancelled' && (
        <p role="status" className="font-semibold text-stone-800">
          {t('sos.cancelled')}
        </p>
      )}
      {phase === 'sent' && (
        <p role="status" className="font-semibold text-emerald-800">
          {t('sos.sent')}
        </p>
      )}
      {(send.stalled || !online) && <OfflineHelp location={location} />}
      <WaitingRequests showSending={send.stalled} />
      <p data-testid="sos-location-status" className="text-sm text-stone-700">
        {location.coords
          ? t('status.known', { place: body.location })
          : location.status === 'locating'
            ? t('status.locating')
            : t('status.unknown')}
      </p>
    </section>
  );
}
