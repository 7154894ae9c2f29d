import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';
import { Button } from '../../ui/Button';
import { cancelHelp, useHelpOutbox } from './outbox';

/**
 * The help and SOS requests kept on the phone until the network confirms them, each with a
 * cancel. One still on its first try shows only once the screen says it is stalled.
 */
export function WaitingRequests({ showSending }: { showSending: boolean }) {
  const { t } = useTranslation('help');
  const waiting = useHelpOutbox().filter((entry) => showSending || !entry.sending);
  if (waiting.length === 0) return null;
  return (
    <section aria-label={t('outbox.title')} className="flex flex-col gap-2">
      <p className="text-stone-700">{t('outbox.hint')}</p>
      <ul className="flex flex-col gap-2">
        {waiting.map((entry) => (
          <li
            key={entry.id}
            data-testid="waiting-request"
            className="flex items-center gap-3 rounded-xl bg-amber-50 px-3 py-2"
          >
            <CloudOff aria-hidden className="size-5 shrink-0 text-amber-800" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold">
                {t(`outbox.kinds.${entry.body.source ?? 'help'}`, {
                  name: entry.body.contactName,
                })}
              </span>
              <span className="text-amber-900">{t('outbox.waiting')}</span>
            </span>
            <Button variant="secondary" onClick={() => void cancelHelp(entry.id)}>
              {t('outbox.cancel')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
