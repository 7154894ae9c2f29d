import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { answerText, errorText } from '../../../api/errorText';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { showToast } from '../../../ui/toastStore';
import { useCreateAdmin } from '../adminApi';
import { DialogActions } from '../DialogActions';

/** A new admin account: name, number and a password of 8+ characters (the server checks). */
export function AddAdminModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const create = useCreateAdmin();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, number, password },
      {
        onSuccess: (answer) => {
          showToast('success', answerText(answer));
          onClose();
          void navigate(`/admin/users/${answer.user._id}`);
        },
      },
    );
  };

  return (
    <Modal title={t('accounts.add')} subtitle={t('accounts.addHint')} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <TextField
          label={t('accounts.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
        />
        <TextField
          label={t('accounts.number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          inputMode="tel"
          autoComplete="off"
        />
        <TextField
          label={t('accounts.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
        <DialogActions
          confirm={t('accounts.create')}
          busy={create.isPending}
          error={create.isError ? errorText(create.error, 'admin:actionFailed') : null}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
