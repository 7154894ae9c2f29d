import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { authCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { flashToastAfterReload, showToast, toastStyles } from '../../ui/toastStore';
import { PhoneField, PasswordField } from './AccountFields';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { completeSignIn } from './session';
import { checkPhone, checkSignInPassword, hasErrors, type FieldErrors } from './validation';

type Field = 'number' | 'password';

export function DriverLoginScreen() {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: () => request(authCalls.driverLogin, { body: { number, password } }),
    onSuccess: (response) => {
      completeSignIn(response);
      flashToastAfterReload('success', t('auth.driverLogin.success'), toastStyles.standard);
      window.location.assign('/');
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.driverLogin.failed');
      setError(text);
      showToast('error', text);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = { number: checkPhone(number), password: checkSignInPassword(password) };
    setFieldErrors(errors);
    setError(null);
    if (!hasErrors(errors)) login.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.driverLogin.title')}
      subtitle={t('auth.driverLogin.subtitle')}
      footer={
        <>
          <TextLink to="/forgot-password">{t('auth.forgotLink')}</TextLink>
          <p>
            {t('auth.noAccount')} <TextLink to="/register">{t('auth.registerLink')}</TextLink>
          </p>
          <TextLink to="/end/user/login">{t('auth.driverLogin.asUser')}</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PhoneField value={number} onChange={setNumber} errorCode={fieldErrors.number} />
        <PasswordField value={password} onChange={setPassword} errorCode={fieldErrors.password} />
        <FormError text={error} />
        <Button type="submit" block loading={login.isPending} disabled={login.isPending}>
          {login.isPending ? t('auth.driverLogin.submitting') : t('auth.driverLogin.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
