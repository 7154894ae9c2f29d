import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Siren } from 'lucide-react';

/** The post's emergency flag: such posts also appear on the Emergency page. */
export function EmergencySwitch({
  on,
  onChange,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div
      className={`flex items-center gap-3 rounded-xl border-2 p-3 ${on ? 'border-red-600 bg-red-50' : 'border-stone-300 bg-white'}`}
    >
      <Siren aria-hidden className={`size-7 shrink-0 ${on ? 'text-red-600' : 'text-stone-500'}`} />
      <div className="flex-1">
        <p id={id} className="text-base font-semibold">
          {t('post.emergency')}
        </p>
        <p className="text-sm text-stone-600">{t('post.emergencyHint')}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={id}
        onClick={() => onChange(!on)}
        className={`relative h-8 w-14 shrink-0 rounded-full transition-colors ${on ? 'bg-red-600' : 'bg-stone-400'}`}
      >
        <span
          className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
        />
      </button>
    </div>
  );
}
