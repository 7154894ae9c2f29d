import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { authCalls, type MessageCode } from '@saathi/contract';
import { request } from '../../api/client';
import { answerText, errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { PhoneField } from './AccountFields';
import { TextLink } from '../../ui/TextLink';
import { showToast } from '../../ui/toastStore';
import { AuthScreen } from './AuthScreen';
import { FormError } from './FormError';
import { checkPhone } from './validation';

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const [number, setNumber] = useState('');
  const [fieldError, setFieldError] = useState<MessageCode | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const forgot = useMutation({
    mutationFn: () => request(authCalls.forgotPassword, { body: { email: number } }),
    onSuccess: (response) => {
      const text = answerText(response);
      setSent(text);
      showToast('success', text);
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.forgot.failed');
      setError(text);
      showToast('error', text);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = checkPhone(number);
    setFieldError(code);
    setError(null);
    setSent(null);
    if (!code) forgot.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={<TextLink to="/login">{t('auth.backToLogin')}</TextLink>}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PhoneField value={number} onChange={setNumber} errorCode={fieldError ?? undefined} />
        <FormError text={error} />
        {sent && (
          <p role="status" className="rounded-xl bg-green-50 p-3 text-base text-green-800">
            {sent}
          </p>
        )}
        <Button type="submit" block loading={forgot.isPending} disabled={forgot.isPending}>
          {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
      </form>
    </AuthScreen>
  );
}
