import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/formatDate';
import { useCancelDeletion } from './accountApi';

/** Shown while a deletion waits out its grace period, with the way to keep the account. */
export function DeletionBanner({ dueAt }: { dueAt: string }) {
  const { t, i18n } = useTranslation('account');
  const cancel = useCancelDeletion();
  return (
    <section
      role="status"
      data-testid="deletion-banner"
      className="flex flex-col gap-3 rounded-2xl border-2 border-red-300 bg-red-50 p-4"
    >
      <p className="flex items-start gap-3 font-semibold text-red-800">
        <TriangleAlert aria-hidden className="size-6 shrink-0" />
        {t('banner.text', { date: formatDate(dueAt, i18n.language) })}
      </p>
      <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
        {t('banner.keep')}
      </Button>
    </section>
  );
}
