import { useTranslation } from 'react-i18next';
import type { MessageCode } from '@saathi/contract';
import { TextField } from '../../ui/TextField';

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  /** A contract message code from validation, shown translated under the field. */
  errorCode?: MessageCode;
}

/** The account fields every sign-in and sign-up screen shares, so they behave alike. */
export function NameField({ value, onChange, errorCode }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.name')}
      autoComplete="name"
      maxLength={60}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={errorCode && t(`errors.${errorCode}`)}
    />
  );
}

export function PhoneField({ value, onChange, errorCode }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.phone')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={t('auth.phonePlaceholder')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={errorCode && t(`errors.${errorCode}`)}
    />
  );
}

/** `isNew` for sign-up: the browser offers a strong password and we show the rule. */
export function PasswordField({
  value,
  onChange,
  errorCode,
  isNew = false,
}: FieldProps & { isNew?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.password')}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={errorCode && t(`errors.${errorCode}`)}
      hint={isNew ? t('auth.passwordHint') : undefined}
    />
  );
}
