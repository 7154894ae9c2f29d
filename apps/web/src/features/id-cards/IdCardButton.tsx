import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdCard } from 'lucide-react';
import { cardRefusal } from '@saathi/contract';
import { useSession } from '../../api/session';
import { CardRefusedNotice } from './CardRefusedNotice';
import { useMyCard } from './idCardApi';
import { IdCardForm } from './IdCardForm';
import { IdCardView } from './IdCardView';

const defaultClass =
  'flex min-h-14 items-center gap-3 rounded-xl bg-white px-4 text-left font-semibold text-stone-900 shadow-sm hover:bg-orange-50';

/**
 * 'Apply for Id card', or 'View ID Card' once the driver has one; opens the form or the card,
 * or, for an account that may not have one (only verified drivers may), says why.
 * A successful application caches the server's card, so the card replaces the form by itself.
 */
export function IdCardButton({ className = defaultClass }: { className?: string }) {
  const { t } = useTranslation('idcard');
  const { user } = useSession();
  const card = useMyCard(user?._id, user?.number ?? '');
  const [open, setOpen] = useState(false);
  if (!user) return null;
  const existing = card.data ?? null;
  const close = () => setOpen(false);
  const refusal = cardRefusal(user);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        <IdCard aria-hidden className="size-6 shrink-0 text-brand" />
        {existing ? t('view') : t('apply')}
      </button>
      {open &&
        (existing ? (
          <IdCardView card={existing} onClose={close} />
        ) : refusal ? (
          <CardRefusedNotice reason={refusal} onClose={close} />
        ) : (
          <IdCardForm userId={user._id} name={user.name} mobile={user.number} onClose={close} />
        ))}
    </>
  );
}
