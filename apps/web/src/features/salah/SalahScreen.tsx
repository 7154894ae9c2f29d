import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing } from 'lucide-react';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs, tabId } from '../../ui/Tabs';
import { defaultDhuhrTab, dhuhrTabs, type DhuhrTabId } from './dhuhrContent';
import { useSalahReminder } from './useSalahReminder';

const dhuhrTabIds = dhuhrTabs.map((candidate) => candidate.id);

/** Spec 001, the Dhuhr Salah page (/salah). */
export function SalahScreen() {
  const { t } = useTranslation('salah');
  const [chosen, setChosen] = useState<DhuhrTabId>(defaultDhuhrTab);
  const tab = dhuhrTabs.find((candidate) => candidate.id === chosen) ?? dhuhrTabs[0];
  const reminder = useSalahReminder();
  const labelId = useId();
  const panelId = useId();

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <PageTitle>{t('screens.salah', { ns: 'translation' })}</PageTitle>

      <Tabs
        look="buttons"
        name={t('languages')}
        tabs={dhuhrTabIds}
        current={chosen}
        label={(id) => t(`tabs.${id}`)}
        onChoose={setChosen}
        panelId={panelId}
      />

      <section
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(panelId, tab.id)}
        lang={tab.lang}
        dir={tab.dir}
        className="flex flex-col gap-2 rounded-xl border border-stone-200 bg-white p-4"
      >
        <h2 className="text-xl font-bold">{tab.title}</h2>
        <p className="text-base leading-relaxed text-stone-700">{tab.description}</p>
      </section>

      <div className="flex items-center gap-3 rounded-xl border-2 border-stone-300 bg-white p-3">
        <BellRing
          aria-hidden
          className={`size-7 shrink-0 ${reminder.on ? 'text-brand' : 'text-stone-500'}`}
        />
        <div className="flex-1">
          <p id={labelId} className="text-base font-semibold">
            {t('remind')}
          </p>
          <p className="text-sm text-stone-600" aria-live="polite" data-testid="salah-state">
            {t(reminder.on ? 'on' : 'off')}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={reminder.on}
          aria-labelledby={labelId}
          disabled={!reminder.ready}
          onClick={() => reminder.set(!reminder.on)}
          className={`relative h-8 w-14 shrink-0 rounded-full transition-colors disabled:opacity-50 ${
            reminder.on ? 'bg-brand' : 'bg-stone-400'
          }`}
        >
          <span
            className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${
              reminder.on ? 'translate-x-6' : ''
            }`}
          />
        </button>
      </div>
      <p className="text-sm text-stone-600">{t('how')}</p>
    </div>
  );
}
