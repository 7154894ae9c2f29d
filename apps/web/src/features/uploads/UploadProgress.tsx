import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { Button } from '../../ui/Button';
import type { UploadState } from './resumableUpload';
import { percentSent, secondsLeft } from './uploadTime';

/**
 * What an upload is doing, in words a driver can trust: the percent the server has, the time
 * left at the measured rate, or that it waits for the network; and a cancel that ends it.
 */
export function UploadProgress({
  state,
  onCancel,
  tone = 'light',
}: {
  state: UploadState;
  onCancel: () => void;
  /** 'dark' on the full-screen overlay. */
  tone?: 'light' | 'dark';
}) {
  const { t } = useTranslation();
  const percent = percentSent(state);
  const seconds = secondsLeft(state);
  const muted = tone === 'dark' ? 'text-white/85' : 'text-stone-700';
  return (
    <div className="flex w-full max-w-xs flex-col items-center gap-3">
      <div
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t('upload.sending')}
        className={`h-3 w-full overflow-hidden rounded-full ${tone === 'dark' ? 'bg-white/25' : 'bg-stone-200'}`}
      >
        <div className="h-full bg-orange-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-lg font-semibold">{t('upload.percent', { percent })}</p>
      <p role="status" aria-live="polite" className={`flex items-center gap-2 ${muted}`}>
        {state.paused ? (
          <>
            <WifiOff aria-hidden className="size-5" /> {t('upload.paused')}
          </>
        ) : seconds === undefined ? (
          t('upload.measuring')
        ) : seconds < 60 ? (
          t('upload.lessThanMinute')
        ) : (
          t('upload.minutesLeft', { count: Math.ceil(seconds / 60) })
        )}
      </p>
      <Button variant="secondary" onClick={onCancel}>
        {t('upload.cancel')}
      </Button>
    </div>
  );
}
