import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '@saathi/contract';
import { answerText, errorText } from '../../../api/errorText';
import { Button } from '../../../ui/Button';
import { showToast } from '../../../ui/toastStore';
import { useSession } from '../../../api/session';
import { useUserAction, type UserAction } from '../adminApi';
import { ReasonDialog } from '../ReasonDialog';

type Asking = 'reject' | 'block' | 'unblock' | 'promote' | 'demote';

/** Rejecting and blocking need a reason (the person reads it); the others take a note. */
const needsReason = (kind: Asking) => kind === 'reject' || kind === 'block';
/** Red confirm button: the decisions that take something away. */
const dangerous = (kind: Asking) => kind !== 'unblock' && kind !== 'promote';

/**
 * Verify / reject a driver, block / unblock, make or remove an admin; never on oneself.
 * Everything but verifying asks first, and the reason or note goes to the audit log.
 */
export function UserActions({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const { user: me } = useSession();
  const action = useUserAction(user._id);
  const [asking, setAsking] = useState<Asking | null>(null);
  const self = me?._id === user._id;

  const act = (next: UserAction) =>
    action.mutate(next, {
      onSuccess: (answer) => {
        showToast('success', answerText(answer));
        setAsking(null);
      },
      onError: (error) => {
        if (!asking) showToast('error', errorText(error, 'admin:actionFailed'));
      },
    });

  const busy = action.isPending;
  return (
    <div className="flex flex-wrap gap-2">
      {user.usertype === 'driver' && user.verification !== 'verified' && (
        <Button loading={busy} onClick={() => act({ kind: 'verify' })}>
          {t('actions.verify')}
        </Button>
      )}
      {user.usertype === 'driver' && user.verification !== 'rejected' && (
        <Button variant="secondary" onClick={() => setAsking('reject')}>
          {t('actions.reject')}
        </Button>
      )}
      {user.blocked ? (
        <Button variant="secondary" onClick={() => setAsking('unblock')}>
          {t('actions.unblock')}
        </Button>
      ) : (
        !self &&
        user.usertype !== 'admin' && (
          <Button
            variant="secondary"
            className="border-red-700! text-red-700!"
            onClick={() => setAsking('block')}
          >
            {t('actions.block')}
          </Button>
        )
      )}
      {user.usertype === 'admin'
        ? !self && (
            <Button variant="ghost" onClick={() => setAsking('demote')}>
              {t('actions.demote')}
            </Button>
          )
        : !user.blocked && (
            <Button variant="ghost" onClick={() => setAsking('promote')}>
              {t('actions.promote')}
            </Button>
          )}
      {asking && (
        <ReasonDialog
          title={t(`actions.${asking}Title`, { name: user.name })}
          subtitle={
            needsReason(asking) ? undefined : t(`actions.${asking}Hint`, { name: user.name })
          }
          confirm={t(`actions.${asking}`)}
          reasonRequired={needsReason(asking)}
          danger={dangerous(asking)}
          busy={busy}
          error={action.isError ? errorText(action.error, 'admin:actionFailed') : null}
          onConfirm={(reason) => act({ kind: asking, reason })}
          onClose={() => {
            setAsking(null);
            action.reset();
          }}
        />
      )}
    </div>
  );
}
