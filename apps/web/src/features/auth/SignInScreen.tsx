import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls, limits } from '@saathi/contract';
import { request } from '../../api/client';
import { pageLoad } from '../../api/pageLoad';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { flashToastAfterReload, showToast, toastStyles } from '../../ui/toastStore';
import { PhoneField, PasswordField } from './AccountFields';
import type { AuthRole } from './authRole';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { completeSignIn } from '../../api/session';
import { checkPhone, checkSignInPassword, hasErrors, type FieldErrors } from './validation';

type Field = 'number' | 'password';

/** What differs between the two sign-in pages: the call, the texts and the links (specs). */
const roles = {
  driver: {
    call: authCalls.driverLogin,
    passwordMin: 1,
    toastStyle: toastStyles.standard,
    // The spec reloads the app after a driver signs in; the toast survives the reload.
    reloads: true,
    registerPath: '/register',
    switchPath: '/end/user/login',
    title: 'auth.driverLogin.title',
    subtitle: 'auth.driverLogin.subtitle',
    submit: 'auth.driverLogin.submit',
    submitting: 'auth.driverLogin.submitting',
    success: 'auth.driverLogin.success',
    failed: 'auth.driverLogin.failed',
    switchRole: 'auth.driverLogin.asUser',
  },
  user: {
    call: authCalls.userLogin,
    passwordMin: limits.passwordMinSignIn,
    toastStyle: toastStyles.user,
    reloads: false,
    registerPath: '/end/user/register',
    switchPath: '/login',
    title: 'auth.userLogin.title',
    subtitle: undefined,
    submit: 'auth.userLogin.submit',
    submitting: 'auth.userLogin.submitting',
    success: 'auth.userLogin.success',
    failed: 'auth.userLogin.failed',
    switchRole: 'auth.userLogin.asDriver',
  },
} as const;

/** Driver Login (/login) and User Login (/end/user/login). */
export function SignInScreen({ role }: { role: AuthRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = roles[role];
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);

  const login = useMutation({
    mutationFn: () => request(page.call, { body: { number, password } }),
    onSuccess: (response) => {
      completeSignIn(response);
      if (page.reloads) {
        flashToastAfterReload('success', t(page.success), page.toastStyle);
        pageLoad.open('/');
        return;
      }
      showToast('success', t(page.success), page.toastStyle);
      void navigate('/', { replace: true });
    },
    onError: (failure) => {
      const text = errorText(failure, page.failed);
      setError(text);
      showToast('error', text, page.toastStyle);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      number: checkPhone(number),
      password: checkSignInPassword(password, page.passwordMin),
    };
    setFieldErrors(errors);
    setError(null);
    if (!hasErrors(errors)) login.mutate();
  }

  return (
    <AuthScreen
      title={t(page.title)}
      subtitle={page.subtitle && t(page.subtitle)}
      footer={
        <>
          <TextLink to="/forgot-password">{t('auth.forgotLink')}</TextLink>
          <p>
            {t('auth.noAccount')}{' '}
            <TextLink to={page.registerPath}>{t('auth.registerLink')}</TextLink>
          </p>
          <TextLink to={page.switchPath}>{t(page.switchRole)}</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PhoneField value={number} onChange={setNumber} errorCode={fieldErrors.number} />
        <PasswordField value={password} onChange={setPassword} errorCode={fieldErrors.password} />
        <FormError text={error} />
        <Button type="submit" block loading={login.isPending} disabled={login.isPending}>
          {login.isPending ? t(page.submitting) : t(page.submit)}
        </Button>
      </form>
    </AuthScreen>
  );
}
