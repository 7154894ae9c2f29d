import { useEffect, type Dispatch } from 'react';
import { AddDocumentModal } from './AddDocumentModal';
import { DocumentsModal } from './DocumentsModal';
import { PrivacyNoticeModal } from './PrivacyNoticeModal';
import { VaultPasswordModal } from './VaultPasswordModal';
import type { VaultEvent, VaultState } from './vaultFlow';
import { useVaultToken } from './vaultLock';

interface VaultFlowProps {
  userId: string;
  state: VaultState;
  dispatch: Dispatch<VaultEvent>;
}

/** The dialog of the current step; an ended unlock (timer, server, logout) asks the password again. */
export function VaultFlow({ userId, state, dispatch }: VaultFlowProps) {
  const unlocked = useVaultToken() !== null;
  useEffect(() => {
    if (!unlocked) dispatch({ type: 'locked' });
  }, [unlocked, dispatch]);

  const close = () => dispatch({ type: 'close' });
  switch (state.step) {
    case 'closed':
      return null;
    case 'notice':
      return <PrivacyNoticeModal onAccept={() => dispatch({ type: 'accept' })} onClose={close} />;
    case 'password':
      return (
        <VaultPasswordModal
          relocked={state.relocked}
          onUnlocked={() => dispatch({ type: 'unlocked' })}
          onClose={close}
        />
      );
    case 'list':
      return unlocked ? (
        <DocumentsModal
          userId={userId}
          onAdd={() => dispatch({ type: 'addNew' })}
          onClose={close}
        />
      ) : null;
    case 'add':
      return unlocked ? (
        <AddDocumentModal onDone={() => dispatch({ type: 'back' })} onClose={close} />
      ) : null;
  }
}
