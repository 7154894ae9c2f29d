import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { showToast, toastStyles } from '../../ui/toastStore';
import { NameField, PhoneField, PasswordField } from './AccountFields';
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
        <NameField value={name} onChange={setName} errorCode={fieldErrors.name} />
        <PhoneField value={number} onChange={setNumber} errorCode={fieldErrors.number} />
        <PasswordField
          isNew
          value={password}
          onChange={setPassword}
          errorCode={fieldErrors.password}
        />
        <FormError text={error} />
        <Button type="submit" block loading={register.isPending} disabled={register.isPending}>
          {register.isPending ? t('auth.registering') : t('auth.registerSubmit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
