import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountLimits } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { useRequestDeletion } from './accountApi';

/** Delete my account (/my/account/delete): what happens, then the password to confirm. */
export function DeleteAccountScreen() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deletion = useRequestDeletion(() => void navigate('/my/profile'));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (deletion.isPending) return;
    if (password === '') {
      setError(t('delete.passwordRequired'));
      return;
    }
    setError(null);
    deletion.mutate(password, {
      onError: (failure) => setError(errorText(failure, 'account:delete.failed')),
    });
  }

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <h1 className="text-2xl font-bold">{t('delete.title')}</h1>
      <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm">
        <p>{t('delete.intro', { days: accountLimits.deletionGraceDays })}</p>
        <ul className="list-disc pl-6 text-stone-700">
          <li>{t('delete.erased')}</li>
          <li>{t('delete.kept')}</li>
          <li>{t('delete.signedOut')}</li>
        </ul>
      </section>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm"
      >
        <TextField
          label={t('delete.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit" loading={deletion.isPending}>
          {t('delete.confirm')}
        </Button>
        <Button variant="ghost" onClick={() => void navigate('/my/profile')}>
          {t('delete.cancel')}
        </Button>
      </form>
    </div>
  );
}
