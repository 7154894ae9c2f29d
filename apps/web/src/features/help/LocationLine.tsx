import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import type { WhereAmI } from '../location';
import { formatCoords, knownPlace } from './deviceLocation';

/** The pin and the place when the location is known, otherwise the spec's hint. */
export function LocationLine({ location }: { location: WhereAmI }) {
  const { t } = useTranslation('help');
  if (location.coords) {
    const place = knownPlace(location);
    return (
      <p data-testid="help-location" className="flex items-start gap-2 text-lg text-stone-800">
        <MapPin aria-label={t('yourLocation')} className="mt-1 size-5 shrink-0 text-red-600" />
        <span>
          {place && <span className="block font-semibold">{place}</span>}
          <span className="block text-base tabular-nums text-stone-600">
            {formatCoords(location.coords)}
          </span>
        </span>
      </p>
    );
  }
  return (
    <p role="status" className="text-lg font-semibold text-amber-800">
      {location.status === 'locating' ? t('locating') : t('locationOff')}
    </p>
  );
}
