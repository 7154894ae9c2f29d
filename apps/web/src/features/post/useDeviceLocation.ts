import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { browserMessage, screenPositionOptions, useWhereAmI } from '../location';

interface DeviceLocation {
  locating: boolean;
  error: string | null;
  /** Asks the phone again (after a refusal the driver may have switched location on). */
  locate: () => void;
}

/** Fills the post's location from the phone on load with the place's name. */
export function useDeviceLocation(onPlace: (place: string) => void): DeviceLocation {
  const { t, i18n } = useTranslation();
  const where = useWhereAmI({ position: screenPositionOptions });
  const { place, failure } = where;

  useEffect(() => {
    if (place.kind === 'found') onPlace(place.name);
  }, [place, onPlace]);

  const locating = where.status === 'locating' || place.kind === 'loading';
  const error = locating
    ? null
    : failure?.kind === 'unsupported'
      ? t('post.geo.unsupported')
      : failure
        ? (browserMessage(failure, i18n.language) ??
          t(`post.geo.code${failure.code}`, { defaultValue: t('post.geo.unable') }))
        : place.kind === 'failed'
          ? t(`post.geo.${place.reason}`)
          : null;
  return { locating, error, locate: where.locate };
}
