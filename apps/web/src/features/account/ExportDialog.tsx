import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { useRequestExport } from './accountApi';

/** Asks for the archive; the vault's documents go in only with the password typed here. */
export function ExportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('account');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const exporting = useRequestExport(onClose);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (exporting.isPending) return;
    setError(null);
    exporting.mutate(password, {
      onError: (failure) => setError(errorText(failure, 'account:export.failed')),
    });
  }

  return (
    <Modal title={t('export.title')} subtitle={t('export.intro')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <TextField
          label={t('export.vaultPassword')}
          hint={t('export.vaultHint')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" loading={exporting.isPending}>
          {t('export.submit')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('export.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
