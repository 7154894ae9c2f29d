import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls, limits } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { showToast, toastStyles } from '../../ui/toastStore';
import { PhoneField, PasswordField } from './AccountFields';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { completeSignIn } from './session';
import { checkPhone, checkSignInPassword, hasErrors, type FieldErrors } from './validation';

type Field = 'number' | 'password';

export function UserLoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: () => request(authCalls.userLogin, { body: { number, password } }),
    onSuccess: (response) => {
      completeSignIn(response);
      showToast('success', t('auth.userLogin.success'), toastStyles.user);
      void navigate('/', { replace: true });
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.userLogin.failed');
      setError(text);
      showToast('error', text, toastStyles.user);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      number: checkPhone(number),
      password: checkSignInPassword(password, limits.passwordMinSignIn),
    };
    setFieldErrors(errors);
    setError(null);
    if (!hasErrors(errors)) login.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.userLogin.title')}
      footer={
        <>
          <TextLink to="/forgot-password">{t('auth.forgotLink')}</TextLink>
          <p>
            {t('auth.noAccount')}{' '}
            <TextLink to="/end/user/register">{t('auth.registerLink')}</TextLink>
          </p>
          <TextLink to="/login">{t('auth.userLogin.asDriver')}</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PhoneField value={number} onChange={setNumber} errorCode={fieldErrors.number} />
        <PasswordField value={password} onChange={setPassword} errorCode={fieldErrors.password} />
        <FormError text={error} />
        <Button type="submit" block loading={login.isPending} disabled={login.isPending}>
          {login.isPending ? t('auth.userLogin.submitting') : t('auth.userLogin.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
