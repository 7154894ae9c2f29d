import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { FileLock } from 'lucide-react';
import { CountBadge } from '../../ui/CountBadge';
import { useSession } from '../../api/session';
import { useDocumentCount } from './vaultApi';
import { closedVault, vaultFlow } from './vaultFlow';
import { VaultFlow } from './VaultFlow';
import { vaultToken } from './vaultLock';

const defaultClass =
  'flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 text-left font-semibold text-stone-900 shadow-sm hover:bg-orange-50';

function DocumentCount({ userId }: { userId: string }) {
  const { t } = useTranslation('vault');
  const count = useDocumentCount(userId);
  // Spec 001 section 8: a failed count is only logged; the button still works without a badge.
  if (count.data === undefined) return null;
  return (
    <CountBadge
      aria-label={t('badge', { count: count.data })}
      data-testid="documents-count"
      look="brand"
      count={count.data}
    />
  );
}

/** Personal Documents with its count badge; opens the whole vault flow (spec 001 section 4). */
export function PersonalDocumentsButton({ className = defaultClass }: { className?: string }) {
  const { t } = useTranslation('vault');
  const { user } = useSession();
  const [state, dispatch] = useReducer(vaultFlow, closedVault);
  if (!user) return null;
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => dispatch({ type: 'open', unlocked: vaultToken() !== null })}
      >
        <FileLock aria-hidden className="size-6 shrink-0 text-brand" />
        {t('button')}
        <DocumentCount userId={user._id} />
      </button>
      <VaultFlow userId={user._id} state={state} dispatch={dispatch} />
    </>
  );
}
