import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../ui/formatCount';
import { Modal } from '../../ui/Modal';
import { FollowButton } from './FollowButton';
import { ListState } from './ListState';
import { PersonRow } from './PersonRow';
import { useSuggestions } from './useFollowLists';

/** People to follow, each with the reason the server suggests them. */
export function DiscoverPeopleModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const suggestions = useSuggestions();
  const people = suggestions.data?.suggestions ?? [];
  return (
    <Modal title={t('follows.discoverTitle')} onClose={onClose}>
      <ul className="max-h-96 divide-y divide-stone-200 overflow-y-auto">
        {people.map((person) => (
          <PersonRow
            key={person._id}
            person={person}
            note={`${t(`follows.reason.${person.reason}`)} · ${t('follows.followersShort', {
              count: person.followersCount,
              formatted: formatCount(person.followersCount),
            })}`}
          >
            <FollowButton userId={person._id} />
            <Link
              to={`/user/profile/${person._id}`}
              className="inline-flex min-h-9 items-center px-2 text-sm font-semibold text-brand underline"
            >
              {t('follows.visitProfile')}
            </Link>
          </PersonRow>
        ))}
      </ul>
      <ListState
        loading={suggestions.isPending}
        failed={suggestions.isError}
        empty={people.length === 0}
        emptyText={t('follows.discoverEmpty')}
        hasMore={false}
        loadingMore={false}
        onMore={() => undefined}
        onRetry={() => void suggestions.refetch()}
      />
    </Modal>
  );
}
