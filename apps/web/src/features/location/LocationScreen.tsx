import { useTranslation } from 'react-i18next';
import { Crosshair, Info, MapPin, RefreshCw, RotateCcw } from 'lucide-react';
import { locationLimits } from '@saathi/contract';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { Spinner } from '../../ui/Spinner';
import { useLocationServices } from './useLocationServices';
import { browserMessage, type LocationFailure } from './whereAmI';

const statusTone = {
  idle: 'text-stone-700',
  requesting: 'text-stone-700',
  success: 'text-green-700',
  refreshed: 'text-green-700',
  error: 'text-red-700',
} as const;

/** Spec 001, Location Services (/location). */
export function LocationScreen() {
  const { t, i18n } = useTranslation('location');
  const services = useLocationServices();
  const { status, location, address } = services;
  const busy = status === 'requesting';

  const failureText = (failure: LocationFailure) =>
    failure.kind === 'unsupported'
      ? t('unsupported')
      : (browserMessage(failure, i18n.language) ??
        t(`browser.code${failure.code}`, { defaultValue: t('browser.unknown') }));

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <PageTitle>{t('title')}</PageTitle>

      <p
        role="status"
        aria-live="polite"
        className={`flex items-center gap-2 text-lg font-semibold ${statusTone[status]}`}
      >
        {busy && <Spinner />}
        {t(`status.${status}`)}
      </p>
      {services.failure && (
        <p role="alert" className="text-red-700">
          {failureText(services.failure)}
        </p>
      )}

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border border-stone-200 bg-white p-4 text-base">
        <dt className="text-stone-600">{t('latitude')}</dt>
        <dd className="font-mono font-semibold" data-testid="latitude">
          {location ? location.latitude.toFixed(locationLimits.decimals) : '—'}
        </dd>
        <dt className="text-stone-600">{t('longitude')}</dt>
        <dd className="font-mono font-semibold" data-testid="longitude">
          {location ? location.longitude.toFixed(locationLimits.decimals) : '—'}
        </dd>
        <dt className="text-stone-600">{t('address')}</dt>
        <dd className="flex items-start gap-1 font-semibold" data-testid="address">
          {address.kind === 'found' && (
            <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
          )}
          {address.kind === 'found'
            ? address.name
            : address.kind === 'loading'
              ? t('addressLoading')
              : address.kind === 'failed'
                ? t(`addressFailed.${address.reason}`)
                : '—'}
        </dd>
      </dl>
      {services.saveFailure && (
        <p role="alert" className="text-red-700">
          {t(services.saveFailure)}
        </p>
      )}

      <div className="flex flex-col gap-3">
        <Button onClick={services.getLocation} disabled={busy} block>
          <Crosshair aria-hidden className="size-5" />
          {t('get')}
        </Button>
        <Button variant="secondary" onClick={services.refresh} disabled={busy} block>
          <RefreshCw aria-hidden className="size-5" />
          {t('refresh')}
        </Button>
        <Button variant="ghost" onClick={services.reset} block>
          <RotateCcw aria-hidden className="size-5" />
          {t('reset')}
        </Button>
      </div>

      <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-stone-700">
        <Info aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        {t('foregroundOnly')}
      </p>
    </div>
  );
}
