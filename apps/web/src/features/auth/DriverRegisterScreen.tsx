import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authCalls, driverDocumentFields, type DriverDocumentField } from '@saathi/contract';
import { requestMultipart } from '../../api/client';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { TextLink } from '../../ui/TextLink';
import { showToast } from '../../ui/toastStore';
import { NameField, PhoneField, PasswordField } from './AccountFields';
import { AuthScreen } from './AuthScreen';
import { DocumentPicker } from './DocumentPicker';
import { FormError } from './FormError';
import { TermsConsent } from './TermsConsent';
import { completeSignIn } from './session';
import { useDocuments } from './useDocuments';
import { checkName, checkNewPassword, checkPhone, hasErrors, type FieldErrors } from './validation';

type Field = 'name' | 'number' | 'password';

const documentLabels: Record<DriverDocumentField, string> = {
  aadharFile: 'auth.driverRegister.aadharFront',
  aadharFileBack: 'auth.driverRegister.aadharBack',
  DrivingLicense: 'auth.driverRegister.licence',
};

export function DriverRegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      requestMultipart(authCalls.driverRegister, {
        fields: { name, number, password },
        files: driverDocumentFields.flatMap((field) => {
          const picked = documents.documents[field];
          return picked ? [[field, picked.file] as const] : [];
        }),
        onProgress: setProgress,
      }),
    onMutate: () => setProgress(0),
    onSuccess: (response) => {
      completeSignIn(response);
      showToast('success', t('auth.driverRegister.success'));
      void navigate('/', { replace: true });
    },
    onError: (failure) => {
      const text = errorText(failure, 'auth.driverRegister.failed');
      setError(text);
      showToast('error', text);
    },
  });

  function fail(text: string) {
    setError(text);
    showToast('error', text);
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
    if (documents.missing.length > 0) {
      setShowMissing(true);
      fail(t('errors.documents_required'));
      return;
    }
    if (!agreed) {
      fail(t('auth.driverRegister.termsRequired'));
      return;
    }
    register.mutate();
  }

  return (
    <AuthScreen
      title={t('auth.driverRegister.title')}
      subtitle={t('auth.driverRegister.subtitle')}
      footer={
        <>
          <TextLink to="/login">{t('auth.driverRegister.haveAccount')}</TextLink>
          <TextLink to="/end/user/register">{t('auth.driverRegister.asUser')}</TextLink>
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
        <h2 className="pt-2 text-lg font-bold text-stone-900">
          {t('auth.driverRegister.documents')}
        </h2>
        <p className="-mt-3 text-sm text-stone-600">{t('auth.driverRegister.documentsHint')}</p>
        {driverDocumentFields.map((field) => {
          const code =
            documents.errors[field] ??
            (showMissing && documents.missing.includes(field) ? 'documents_required' : undefined);
          return (
            <DocumentPicker
              key={field}
              label={t(documentLabels[field])}
              preview={documents.documents[field]?.preview ?? null}
              busy={documents.busy === field || register.isPending}
              error={code && t(`errors.${code}`)}
              onPick={(file) => void documents.pick(field, file)}
              onRemove={() => documents.remove(field)}
            />
          );
        })}
        <TermsConsent checked={agreed} onChange={setAgreed} />
        <FormError text={error} />
        {register.isPending && (
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
          disabled={register.isPending || !agreed || documents.busy !== null}
        >
          {register.isPending ? t('auth.registering') : t('auth.registerSubmit')}
        </Button>
        {!agreed && (
          <p className="text-center text-sm text-stone-600">
            {t('auth.driverRegister.termsRequired')}
          </p>
        )}
      </form>
    </AuthScreen>
  );
}
