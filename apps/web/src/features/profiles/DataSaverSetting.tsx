import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Gauge } from 'lucide-react';
import { type DataSaver, dataSaverModes, readDataSaver, saveDataSaver } from '../feed';

/** The Data saver choice on the profile: Auto, Always low, Best quality. */
export function DataSaverSetting() {
  const { t } = useTranslation('dataSaver');
  const [mode, setMode] = useState(readDataSaver);

  function choose(next: DataSaver) {
    setMode(next);
    saveDataSaver(next);
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm">
      <legend className="float-left flex items-center gap-2 text-lg font-bold">
        <Gauge aria-hidden className="size-6 text-brand" />
        {t('title')}
      </legend>
      <p className="clear-left text-sm text-stone-600">{t('hint')}</p>
      {dataSaverModes.map((option) => (
        <label
          key={option}
          className="flex min-h-14 cursor-pointer items-center gap-3 rounded-xl border border-stone-200 p-3 has-checked:border-brand has-checked:bg-orange-50"
        >
          <input
            type="radio"
            name="dataSaver"
            value={option}
            checked={mode === option}
            onChange={() => choose(option)}
            className="size-5 shrink-0 accent-brand"
          />
          <span className="flex flex-col">
            <span className="font-semibold">{t(option)}</span>
            <span className="text-sm text-stone-600">{t(`${option}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
