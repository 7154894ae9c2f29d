import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/** Instead of a form the server would refuse: why this account cannot have a card (yet). */
export function CardRefusedNotice({
  reason,
  onClose,
}: {
  reason: 'card_drivers_only' | 'card_driver_unverified';
  onClose: () => void;
}) {
  const { t } = useTranslation('idcard');
  const { t: common } = useTranslation();
  return (
    <Modal title={t('form.title')} onClose={onClose}>
      <p role="status" className="text-lg text-stone-800">
        {common(`errors.${reason}`)}
      </p>
      <Button variant="ghost" onClick={onClose}>
        {t('card.close')}
      </Button>
    </Modal>
  );
}
