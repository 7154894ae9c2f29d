import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BusinessesPanel } from './BusinessesPanel';
import { SafetyPanel } from './SafetyPanel';
import { Tabs } from '../../../ui/Tabs';

const tabs = ['businesses', 'safety'] as const;
type Tab = (typeof tabs)[number];

/** /admin/content: business partners and safety cautions; the tab is kept in the address. */
export function ContentScreen() {
  const { t } = useTranslation('admin-content');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'safety' ? 'safety' : 'businesses';
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <Tabs
        tabs={tabs}
        current={tab}
        label={(name) => t(`tabs.${name}`)}
        onChoose={(name) => setParams(name === 'businesses' ? {} : { tab: name })}
      />
      <div role="tabpanel">{tab === 'businesses' ? <BusinessesPanel /> : <SafetyPanel />}</div>
    </section>
  );
}
