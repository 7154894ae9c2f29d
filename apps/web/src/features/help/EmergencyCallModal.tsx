import { useTranslation } from 'react-i18next';
import { emergencyNumbers } from '@saathi/contract';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { CallList } from './CallList';

/** 'Choose Emergency Number': the spec's five national numbers, plus Cancel. */
export function EmergencyCallModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('help');
  const entries = emergencyNumbers.map((e) => ({
    key: e.number,
    name: t(`numbers.${e.name}`),
    number: e.number,
  }));
  return (
    <Modal title={t('chooseEmergency')} onClose={onClose}>
      <CallList entries={entries} />
      <Button variant="secondary" block onClick={onClose}>
        {t('cancel')}
      </Button>
    </Modal>
  );
}
