import { useTranslation } from 'react-i18next';
import type { TeamContact } from '@saathi/contract';
import { useLocalName } from '../../i18n/localName';
import type { WhereAmI } from '../location';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { CallList } from './CallList';
import { useTeamContacts } from './helpApi';
import { OfflineHelp } from './OfflineHelp';

/**
 * 'Call Our Team': each entry dials the team and also sends the help request to the admins.
 * With `location` (offline, or a request got no answer) the SMS and 112 come below too.
 */
export function TeamCallModal({
  location,
  onCall,
  onClose,
}: {
  location: WhereAmI | null;
  onCall: (contact: TeamContact) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('help');
  const contacts = useTeamContacts();
  const nameOf = useLocalName();
  const byId = new Map((contacts.data ?? []).map((c) => [c._id, c]));
  return (
    <Modal title={t('callTeam')} subtitle={t('teamTapHint')} onClose={onClose}>
      {contacts.isPending && (
        <p role="status" className="flex items-center gap-2 text-stone-700">
          <Spinner /> {t('teamLoading')}
        </p>
      )}
      {/* The numbers kept on the phone are good enough: no alarm when only the check failed. */}
      {contacts.isError && !contacts.data && (
        <p role="alert" className="text-red-700">
          {t('teamFailed')}
        </p>
      )}
      {contacts.data?.length === 0 && <p className="text-stone-700">{t('teamEmpty')}</p>}
      {contacts.data && (
        <CallList
          entries={contacts.data.map((c) => ({ key: c._id, name: nameOf(c), number: c.number }))}
          onCall={(entry) => {
            const contact = byId.get(entry.key);
            if (contact) onCall(contact);
          }}
        />
      )}
      {location && <OfflineHelp location={location} teamCalls={false} />}
      <Button variant="secondary" block onClick={onClose}>
        {t('cancel')}
      </Button>
    </Modal>
  );
}
