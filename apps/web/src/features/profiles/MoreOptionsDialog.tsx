import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MapPin, Moon } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/**
 * Spec 001: 'More Options' offers the Salah Reminder; Continue goes to /salah. Location
 * Services has no other way in from the spec's screens, so it is offered here too.
 */
export function MoreOptionsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['translation', 'location']);
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
      <Link
        to="/location"
        className="flex min-h-14 items-center gap-3 rounded-xl border border-stone-200 p-3 hover:bg-stone-50"
      >
        <MapPin aria-hidden className="size-6 shrink-0 text-brand" />
        <span className="flex flex-col">
          <span className="font-semibold">{t('title', { ns: 'location' })}</span>
          <span className="text-sm text-stone-600">{t('moreOptionsHint', { ns: 'location' })}</span>
        </span>
      </Link>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('report.cancel')}
        </Button>
        <Button onClick={() => void navigate('/salah')}>{t('profile.more.continue')}</Button>
      </div>
    </Modal>
  );
}
