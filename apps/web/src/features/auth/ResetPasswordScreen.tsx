import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { answerText, errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { TextLink } from '../../ui/TextLink';
import { showToast } from '../../ui/toastStore';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { checkResetPasswords, hasErrors, type FieldErrors } from './validation';

type Field = 'password' | 'confirmPassword';

export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);

  const reset = useMutation({
    mutationFn: () =>
      request(authCalls.resetPassword, {
        params: { token },
        body: { password, confirmPassword },
      }),
    onSuccess: (response) => {
      showToast('success', answerText(response));
      void navigate('/login', { replace: true });
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.reset.failed');
      setError(text);
      showToast('error', text);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = checkResetPasswords(password, confirmPassword);
    setFieldErrors(errors);
    setError(null);
    if (!hasErrors(errors)) reset.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <>
          <TextLink to="/forgot-password">{t('auth.reset.newLink')}</TextLink>
          <TextLink to="/login">{t('auth.backToLogin')}</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('auth.reset.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password && t(`errors.${fieldErrors.password}`)}
          hint={t('auth.reset.hint')}
        />
        <TextField
          label={t('auth.reset.confirm')}
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={fieldErrors.confirmPassword && t(`errors.${fieldErrors.confirmPassword}`)}
        />
        <FormError text={error} />
        <Button type="submit" block loading={reset.isPending} disabled={reset.isPending}>
          {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
