import { Trans } from 'react-i18next';
import { Link } from 'react-router';

interface TermsConsentProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

const linkClass = 'font-semibold text-brand underline underline-offset-2';

export function TermsConsent({ checked, onChange }: TermsConsentProps) {
  return (
    <label className="flex min-h-12 cursor-pointer items-start gap-3 text-base text-stone-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-6 shrink-0 accent-brand"
      />
      <span>
        <Trans
          i18nKey="auth.driverRegister.agree"
          components={{
            terms: <Link to="/terms" className={linkClass} />,
            privacy: <Link to="/privacy" className={linkClass} />,
          }}
        />
      </span>
    </label>
  );
}
