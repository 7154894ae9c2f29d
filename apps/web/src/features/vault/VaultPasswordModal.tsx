import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { verifyPassword } from './vaultApi';

interface VaultPasswordModalProps {
  relocked: boolean;
  onUnlocked: () => void;
  onClose: () => void;
}

/** The account password again; a form, so Enter on the phone keyboard submits it. */
export function VaultPasswordModal({ relocked, onUnlocked, onClose }: VaultPasswordModalProps) {
  const { t } = useTranslation('vault');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(t('password.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyPassword(password);
      onUnlocked();
    } catch (failure) {
      setError(errorText(failure, 'errors.vault_password_invalid'));
      setBusy(false);
    }
  }

  return (
    <Modal
      title={t('password.title')}
      subtitle={relocked ? t('password.locked') : t('password.subtitle')}
      onClose={onClose}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <TextField
          label={t('password.label')}
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" loading={busy}>
          {busy ? t('password.checking') : t('password.submit')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('password.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
