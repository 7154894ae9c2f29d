import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Car } from 'lucide-react';
import { saveDriveSafe, useDriveSafeSetting } from './setting';

/** The profile's switch for drive-safe mode (on by default for drivers), drawn as the post's. */
export function DriveSafeSetting({ isDriver }: { isDriver: boolean }) {
  const { t } = useTranslation('driveSafe');
  const on = useDriveSafeSetting(isDriver);
  const id = useId();
  return (
    <section className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm">
      <Car aria-hidden className="size-6 shrink-0 self-start text-brand" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={id} className="text-lg font-bold">
          {t('setting.title')}
        </h2>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {t('setting.hint')}
        </p>
      </div>
      {/* The track is 32 px; the button around it is the 44 px target. */}
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={id}
        aria-describedby={`${id}-hint`}
        onClick={() => saveDriveSafe(!on)}
        className="flex size-16 shrink-0 items-center justify-center rounded-xl"
      >
        <span
          className={`relative h-8 w-14 rounded-full transition-colors ${on ? 'bg-brand' : 'bg-stone-400'}`}
        >
          <span
            className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
          />
        </span>
      </button>
    </section>
  );
}
