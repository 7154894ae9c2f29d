import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Moon } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/** Spec 001: 'More Options' offers the Salah Reminder; Continue goes to /salah. */
export function MoreOptionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal title={t('profile.more.title')} onClose={onClose}>
      <p className="flex min-h-14 items-center gap-3 rounded-xl bg-orange-50 p-3">
        <Moon aria-hidden className="size-6 shrink-0 text-brand" />
        <span className="flex flex-col">
          <span className="font-semibold">{t('profile.more.salah')}</span>
          <span className="text-sm text-stone-600">{t('profile.more.salahHint')}</span>
        </span>
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('report.cancel')}
        </Button>
        <Button onClick={() => void navigate('/salah')}>{t('profile.more.continue')}</Button>
      </div>
    </Modal>
  );
}
