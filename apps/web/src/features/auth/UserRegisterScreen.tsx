import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { TextLink } from '../../ui/TextLink';
import { showToast, toastStyles } from '../../ui/toastStore';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { completeSignIn } from './session';
import { checkName, checkNewPassword, checkPhone, hasErrors, type FieldErrors } from './validation';

type Field = 'name' | 'number' | 'password';

export function UserRegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: () => request(authCalls.userRegister, { body: { name, number, password } }),
    onSuccess: (response) => {
      completeSignIn(response);
      showToast('success', t('auth.userRegister.success'), toastStyles.user);
      void navigate('/', { replace: true });
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.userRegister.failed');
      setError(text);
      showToast('error', text, toastStyles.user);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      name: checkName(name),
      number: checkPhone(number),
      password: checkNewPassword(password),
    };
    setFieldErrors(errors);
    setError(null);
    if (!hasErrors(errors)) register.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.userRegister.title')}
      subtitle={t('auth.userRegister.subtitle')}
      footer={
        <>
          <TextLink to="/end/user/login">{t('auth.haveAccount')}</TextLink>
          <TextLink to="/register">{t('auth.userRegister.asDriver')}</TextLink>
        </>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          maxLength={60}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name && t(`errors.${fieldErrors.name}`)}
        />
        <TextField
          label={t('auth.phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t('auth.phonePlaceholder')}
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          error={fieldErrors.number && t(`errors.${fieldErrors.number}`)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password && t(`errors.${fieldErrors.password}`)}
          hint={t('auth.passwordHint')}
        />
        <FormError text={error} />
        <Button type="submit" block loading={register.isPending} disabled={register.isPending}>
          {register.isPending ? t('auth.registering') : t('auth.registerSubmit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
