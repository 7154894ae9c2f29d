import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { geoCalls } from '@saathi/contract';
import { request } from '../../api/client';
import { ApiError } from '../../api/errors';
import { placeName } from './placeName';

/** Spec 001 section 9: high accuracy, 10 s timeout. */
const positionOptions: PositionOptions = { enableHighAccuracy: true, timeout: 10_000 };

interface DeviceLocation {
  locating: boolean;
  error: string | null;
  /** Asks the phone again (after a refusal the driver may have switched location on). */
  locate: () => void;
}

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * Fills the post's location from the phone on load: GPS position, then our own reverse
 * geocoder, so no third party learns where the driver is.
 */
export function useDeviceLocation(onPlace: (place: string) => void): DeviceLocation {
  const { t, i18n } = useTranslation();
  const [locating, setLocating] = useState(supported);
  const [error, setError] = useState<string | null>(() =>
    supported() ? null : t('post.geo.unsupported'),
  );

  const browserMessage = useCallback(
    (failure: GeolocationPositionError) =>
      // The browser's own text is English; Hindi readers get ours for the same cause.
      i18n.language === 'en' && failure.message
        ? failure.message
        : t(`post.geo.code${failure.code}`, { defaultValue: t('post.geo.unable') }),
    [t, i18n.language],
  );

  const find = useCallback(() => {
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const { latitude, longitude } = position.coords;
        request(geoCalls.reverse, {
          query: { lat: latitude.toFixed(6), lon: longitude.toFixed(6) },
        }).then(
          (place) => {
            const name = placeName(place);
            if (name) onPlace(name);
            setError(name ? null : t('post.geo.notFound'));
            setLocating(false);
          },
          (failure: unknown) => {
            const answered = failure instanceof ApiError && failure.status > 0;
            setError(t(answered ? 'post.geo.fetchFailed' : 'post.geo.unable'));
            setLocating(false);
          },
        );
      },
      (failure) => {
        setError(browserMessage(failure));
        setLocating(false);
      },
      positionOptions,
    );
  }, [onPlace, t, browserMessage]);

  // Once on load: `find` also changes with the language, and that must not ask again.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !supported()) return;
    started.current = true;
    find();
  }, [find]);

  const locate = () => {
    if (!supported()) return;
    setLocating(true);
    setError(null);
    find();
  };
  return { locating, error, locate };
}
