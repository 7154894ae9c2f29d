import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../ui/Modal';
import { ListState } from './ListState';
import { PersonRow } from './PersonRow';
import { useFollow } from './useFollow';
import { useFollowList, type FollowListKind } from './useFollowLists';

interface FollowListModalProps {
  kind: FollowListKind;
  userId: string;
  onClose: () => void;
}

const rowButton =
  'inline-flex min-h-10 items-center rounded-full px-3 text-sm font-semibold whitespace-nowrap';

function VisitProfile({ userId }: { userId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/user/profile/${userId}`} className={`${rowButton} bg-orange-50 text-brand`}>
      {t('follows.visitProfile')}
    </Link>
  );
}

function UnfollowButton({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { following, pending, toggle } = useFollow(userId);
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={pending}
      className={`${rowButton} border-2 border-stone-300 text-stone-800 disabled:opacity-60`}
    >
      {following || pending ? t('follows.unfollow') : t('follows.follow')}
    </button>
  );
}

/** Followers (Visit Profile) or Following (Visit Profile and Unfollow) of a user. */
export function FollowListModal({ kind, userId, onClose }: FollowListModalProps) {
  const { t } = useTranslation();
  const list = useFollowList(kind, userId);
  const people = list.data?.pages.flatMap((page) => page.people) ?? [];
  return (
    <Modal title={t(`follows.${kind}Title`)} onClose={onClose}>
      <ul className="max-h-96 divide-y divide-stone-200 overflow-y-auto">
        {people.map((person) => (
          <PersonRow key={person._id} person={person}>
            <VisitProfile userId={person._id} />
            {kind === 'following' && <UnfollowButton userId={person._id} />}
          </PersonRow>
        ))}
      </ul>
      <ListState
        loading={list.isPending}
        failed={list.isError}
        empty={people.length === 0}
        emptyText={t(`follows.${kind}Empty`)}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onMore={() => void list.fetchNextPage()}
        onRetry={() => void list.refetch()}
      />
    </Modal>
  );
}
