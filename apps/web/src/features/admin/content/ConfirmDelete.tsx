import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/Modal';
import { DialogActions } from '../DialogActions';

/** Asks once more before something the drivers see is deleted. */
export function ConfirmDelete(props: {
  title: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-content');
  return (
    <Modal title={props.title} subtitle={t('deleteWarning')} onClose={props.onClose}>
      <DialogActions
        confirm={t('delete')}
        busy={props.busy}
        error={props.error}
        danger
        onConfirm={props.onConfirm}
        onCancel={props.onClose}
      />
    </Modal>
  );
}
