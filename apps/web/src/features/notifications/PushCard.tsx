import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellRing, X } from 'lucide-react';
import { errorText } from '../../api/errorText';
import type { Language } from '../../i18n/language';
import { Button } from '../../ui/Button';
import { showToast } from '../../ui/toastStore';
import { enablePush, pushSupport } from './push';

const dismissedKey = 'saathi.pushCardDismissed';

/**
 * Asks for phone alerts only here, after the driver opened their notifications, never on
 * first load: a browser remembers an early 'Block' for good. Once allowed, the subscription
 * is renewed quietly on each visit, with the current language.
 */
export function PushCard() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const [support, setSupport] = useState(pushSupport);
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(dismissedKey) === '1');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (support === 'granted') void enablePush(language, false).catch(() => undefined);
  }, [support, language]);

  if (support !== 'default' || dismissed) return null;

  function dismiss() {
    localStorage.setItem(dismissedKey, '1');
    setDismissed(true);
  }

  async function allow() {
    setBusy(true);
    try {
      const answer = await enablePush(language, true);
      setSupport(answer);
      if (answer === 'granted') showToast('success', t('notifications.push.on'));
      if (answer === 'denied') showToast('error', t('notifications.push.denied'));
    } catch (error) {
      showToast('error', errorText(error, 'notifications.push.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="relative flex gap-3 rounded-2xl border-2 border-orange-200 bg-orange-50 p-4 pr-12">
      <BellRing aria-hidden className="size-7 shrink-0 text-brand" />
      <div className="flex flex-col gap-3">
        <p className="font-semibold">{t('notifications.push.ask')}</p>
        <Button onClick={() => void allow()} loading={busy} disabled={busy} className="self-start">
          {t('notifications.push.allow')}
        </Button>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label={t('app.dismiss')}
        className="absolute top-1 right-1 flex size-11 items-center justify-center text-stone-500"
      >
        <X aria-hidden className="size-5" />
      </button>
    </section>
  );
}
