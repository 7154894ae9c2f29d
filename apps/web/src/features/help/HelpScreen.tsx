import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from 'i18next';
import { LifeBuoy, PhoneCall, Users } from 'lucide-react';
import type { HelpSource, TeamContact } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { useOnline } from '../../api/useOnline';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { showToast, toastStyles } from '../../ui/toastStore';
import { useHelpLocation } from './deviceLocation';
import { EmergencyCallModal } from './EmergencyCallModal';
import { helpBody } from './helpBody';
import { useTeamContacts } from './helpApi';
import { HelpCarousel } from './HelpCarousel';
import { LocationLine } from './LocationLine';
import type { HelpOutcome } from './outbox';
import { OfflineHelp } from './OfflineHelp';
import { TeamCallModal } from './TeamCallModal';
import { useHelpSend } from './useHelpSend';
import { WaitingRequests } from './WaitingRequests';

/** The spec's toasts: 'Request sent to Admin', or the server's reason when it refused. */
function toastOutcome(outcome: HelpOutcome): void {
  if (outcome.kind === 'sent') showToast('success', i18n.t('help:sent'), toastStyles.user);
  if (outcome.kind === 'refused') {
    showToast('error', errorText(outcome.error, 'help:failed'), toastStyles.user);
  }
}

/** /help: carousel, the Help button, the location line, Emergency Call and Call Our Team. */
export function HelpScreen() {
  const { t } = useTranslation('help');
  const location = useHelpLocation();
  const team = useTeamContacts();
  const [open, setOpen] = useState<'emergency' | 'team' | null>(null);
  // One request at a time: a second tap before the first is answered (the dialer can take a
  // moment to open on a cheap phone) must not send the team a second alert.
  const send = useHelpSend(toastOutcome);
  const online = useOnline();
  const stalled = send.stalled || !online;
  const ask = (source: HelpSource, contact: TeamContact | undefined) =>
    send.send(helpBody(location, source, contact));

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-4">
      <PageTitle>{t('title')}</PageTitle>
      <HelpCarousel />
      <LocationLine location={location} />
      <button
        type="button"
        disabled={send.pending}
        aria-describedby="help-hint"
        // The Help button reaches the first team entry (Support Team in the spec's order).
        onClick={() => ask('help', team.data?.[0])}
        className="flex min-h-20 w-full items-center justify-center gap-3 rounded-2xl bg-red-700 text-2xl font-bold text-white shadow-md hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:bg-stone-400"
      >
        {send.pending ? <Spinner /> : <LifeBuoy aria-hidden className="size-7" />}
        {t('helpButton')}
      </button>
      <p id="help-hint" className="-mt-2 text-center text-stone-600">
        {t('helpHint')}
      </p>
      {stalled && <OfflineHelp location={location} />}
      <WaitingRequests showSending={send.stalled} />
      <div className="grid grid-cols-2 gap-3">
        <Button variant="secondary" className="min-h-16" onClick={() => setOpen('emergency')}>
          <PhoneCall aria-hidden className="size-5 shrink-0" />
          {t('emergencyCall')}
        </Button>
        <Button variant="secondary" className="min-h-16" onClick={() => setOpen('team')}>
          <Users aria-hidden className="size-5 shrink-0" />
          {t('callTeam')}
        </Button>
      </div>
      {open === 'emergency' && <EmergencyCallModal onClose={() => setOpen(null)} />}
      {open === 'team' && (
        <TeamCallModal
          location={stalled ? location : null}
          onClose={() => setOpen(null)}
          onCall={(contact) => ask('team', contact)}
        />
      )}
    </div>
  );
}
