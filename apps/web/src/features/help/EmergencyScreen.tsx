import { useTranslation } from 'react-i18next';
import { Siren } from 'lucide-react';
import { FeedList } from '../feed';
import { useHelpLocation } from './deviceLocation';
import { SosPanel } from './SosPanel';

/**
 * Both readings of the spec: the SOS action with the location status (Reading B) above the
 * videos flagged emergency, under the spec's heading (Reading A).
 */
export function EmergencyScreen() {
  const { t } = useTranslation();
  const location = useHelpLocation();
  // The layout keeps 5rem below for the 4rem navigation bar: -mb-4 reaches down to the bar.
  return (
    <div className="mx-auto -mb-4 flex h-[calc(100dvh-7.5rem)] max-w-xl flex-col md:mb-0 md:h-[calc(100dvh-6.5rem)]">
      <SosPanel location={location} />
      <h1 className="flex shrink-0 items-center gap-2 bg-red-700 px-4 py-3 text-lg leading-snug font-bold text-white">
        <Siren aria-hidden className="size-6 shrink-0" />
        {t('emergency.heading')}
      </h1>
      <div className="relative min-h-0 flex-1">
        <FeedList
          emergency
          sharedId={null}
          empty={
            <p className="px-4 py-12 text-center text-lg text-stone-700">{t('emergency.empty')}</p>
          }
        />
      </div>
    </div>
  );
}
