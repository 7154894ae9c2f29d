import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls, driverDocumentFields } from '@saathi/contract';
import { request, requestMultipart } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { showToast, toastStyles } from '../../ui/toastStore';
import { NameField, PhoneField, PasswordField } from './AccountFields';
import type { AuthRole } from './authRole';
import { AuthScreen } from './AuthScreen';
import { DriverDocuments } from './DriverDocuments';
import { FormError } from './FormError';
import { TermsConsent } from './TermsConsent';
import { completeSignIn } from '../../api/session';
import { useDocuments } from './useDocuments';
import { checkName, checkNewPassword, checkPhone, hasErrors, type FieldErrors } from './validation';

type Field = 'name' | 'number' | 'password';

/** What differs between the two sign-up pages besides the driver's documents (specs). */
const roles = {
  driver: {
    toastStyle: toastStyles.standard,
    title: 'auth.driverRegister.title',
    subtitle: 'auth.driverRegister.subtitle',
    success: 'auth.driverRegister.success',
    failed: 'auth.driverRegister.failed',
    loginPath: '/login',
    haveAccount: 'auth.driverRegister.haveAccount',
    switchPath: '/end/user/register',
    switchRole: 'auth.driverRegister.asUser',
  },
  user: {
    toastStyle: toastStyles.user,
    title: 'auth.userRegister.title',
    subtitle: 'auth.userRegister.subtitle',
    success: 'auth.userRegister.success',
    failed: 'auth.userRegister.failed',
    loginPath: '/end/user/login',
    haveAccount: 'auth.haveAccount',
    switchPath: '/register',
    switchRole: 'auth.userRegister.asDriver',
  },
} as const;

/**
 * Driver Registration (/register: identity photos, terms, upload progress) and User
 * Registration (/user/register, /end/user/register).
 */
export function SignUpScreen({ role }: { role: AuthRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = roles[role];
  const isDriver = role === 'driver';
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [showMissing, setShowMissing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const documents = useDocuments();

  const register = useMutation({
    mutationFn: () =>
      isDriver
        ? requestMultipart(authCalls.driverRegister, {
            fields: { name, number, password },
            files: driverDocumentFields.flatMap((field) => {
              const picked = documents.documents[field];
              return picked ? [[field, picked.file] as const] : [];
            }),
            onProgress: setProgress,
          })
        : request(authCalls.userRegister, { body: { name, number, password } }),
    onMutate: () => setProgress(0),
    onSuccess: (response) => {
      completeSignIn(response);
      showToast('success', t(page.success), page.toastStyle);
      void navigate('/', { replace: true });
    },
    onError: (failure) => fail(errorText(failure, page.failed)),
  });

  function fail(text: string) {
    setError(text);
    showToast('error', text, page.toastStyle);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = {
      name: checkName(name),
      number: checkPhone(number),
      password: checkNewPassword(password),
    };
    setFieldErrors(errors);
    setError(null);
    if (hasErrors(errors)) return;
    if (isDriver && documents.missing.length > 0) {
      setShowMissing(true);
      fail(t('errors.documents_required'));
      return;
    }
    if (isDriver && !agreed) {
      fail(t('auth.driverRegister.termsRequired'));
      return;
    }
    register.mutate();
  }

  const waitingForTerms = isDriver && !agreed;
  return (
    <AuthScreen
      title={t(page.title)}
      subtitle={t(page.subtitle)}
      footer={
        <>
          <TextLink to={page.loginPath}>{t(page.haveAccount)}</TextLink>
          <TextLink to={page.switchPath}>{t(page.switchRole)}</TextLink>
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
        {isDriver && (
          <>
            <DriverDocuments
              documents={documents}
              showMissing={showMissing}
              busy={register.isPending}
            />
            <TermsConsent checked={agreed} onChange={setAgreed} />
          </>
        )}
        <FormError text={error} />
        {isDriver && register.isPending && (
          <div
            role="progressbar"
            aria-label={t('auth.registering')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(progress * 100)}
            className="h-2 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full bg-brand" style={{ width: `${progress * 100}%` }} />
          </div>
        )}
        <Button
          type="submit"
          block
          loading={register.isPending}
          disabled={register.isPending || waitingForTerms || documents.busy !== null}
        >
          {register.isPending ? t('auth.registering') : t('auth.registerSubmit')}
        </Button>
        {waitingForTerms && (
          <p className="text-center text-sm text-stone-600">
            {t('auth.driverRegister.termsRequired')}
          </p>
        )}
      </form>
    </AuthScreen>
  );
}
