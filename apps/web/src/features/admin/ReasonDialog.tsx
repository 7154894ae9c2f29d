import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminLimits } from '@saathi/contract';
import { Modal } from '../../ui/Modal';
import { DialogActions } from './DialogActions';
import { TextArea } from '../../ui/TextArea';

interface ReasonDialogProps {
  title: string;
  subtitle?: string;
  confirm: string;
  /** Most decisions need a reason (the log and often the person read it); a few take a note. */
  reasonRequired?: boolean;
  danger?: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Confirms an admin decision and asks why; the reason is recorded. */
export function ReasonDialog({
  reasonRequired = true,
  danger = true,
  ...props
}: ReasonDialogProps) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reasonRequired && !reason.trim()) {
      setMissing(true);
      return;
    }
    props.onConfirm(reason.trim());
  };

  const shown = missing ? t('reasonRequired') : props.error;
  return (
    <Modal title={props.title} subtitle={props.subtitle} onClose={props.onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextArea
          label={reasonRequired ? t('reason') : t('note')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          maxLength={adminLimits.reasonMax}
          aria-invalid={shown ? true : undefined}
        />
        <DialogActions
          confirm={props.confirm}
          busy={props.busy}
          error={shown}
          danger={danger}
          onCancel={props.onClose}
        />
      </form>
    </Modal>
  );
}
