import { useTranslation } from 'react-i18next';
import { MessageSquareWarning, Phone } from 'lucide-react';
import { useLocalName } from '../../i18n/localName';
import type { WhereAmI } from '../location';
import { CallList } from './CallList';
import { locationText } from './deviceLocation';
import { useTeamContacts } from './helpApi';
import { smsLink, sosSmsBody, telLink, unknownLocationText } from './teamMessage';

/**
 * Help that needs no server: the team's numbers kept on the phone, an SMS to the team with
 * the last position the app saw (a map link), and 112. Shown offline at once, and when a
 * request got no answer within 10 s.
 */
export function OfflineHelp({
  location,
  teamCalls = true,
}: {
  location: WhereAmI;
  /** Off where the team's numbers are listed already (Call Our Team). */
  teamCalls?: boolean;
}) {
  const { t } = useTranslation('help');
  const team = useTeamContacts().data ?? [];
  const nameOf = useLocalName();
  const first = team[0];
  const offline = !navigator.onLine;
  return (
    <section
      role="alert"
      data-testid="offline-help"
      className="flex flex-col gap-2 rounded-2xl border-2 border-red-700 bg-white p-3"
    >
      <p className="font-semibold text-red-800">
        {offline ? t('sos.offline') : t('fallback.noAnswer')}
      </p>
      {first && (
        <a
          href={smsLink(
            first.number,
            sosSmsBody(locationText(location, unknownLocationText), location.coords),
          )}
          className="flex min-h-12 items-center justify-center gap-2 rounded-xl bg-stone-900 px-4 font-bold text-white"
        >
          <MessageSquareWarning aria-hidden className="size-5" />
          {t('sos.sms', { name: nameOf(first) })}
        </a>
      )}
      {teamCalls && team.length > 0 && (
        <CallList entries={team.map((c) => ({ key: c._id, name: nameOf(c), number: c.number }))} />
      )}
      <a
        href={telLink('112')}
        className="flex min-h-12 items-center justify-center gap-2 rounded-xl bg-red-700 px-4 font-bold text-white"
      >
        <Phone aria-hidden className="size-5" />
        {team.length > 0 ? t('fallback.call112') : t('sos.noTeamNumber')}
      </a>
    </section>
  );
}
