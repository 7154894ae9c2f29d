import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, RefreshCw, X } from 'lucide-react';
import type { DriverCard } from '@saathi/contract';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { saveBlob } from '../../ui/saveBlob';
import { showToast, toastStyles } from '../../ui/toastStore';
import { CardBack } from './CardBack';
import { face } from './cardFace';
import { CardFront } from './CardFront';
import { cardFrontPng } from './cardImage';
import { FitWidth } from './FitWidth';
import { frontText } from './frontText';
import { qrMatrix } from './qr';

/** The card full screen on phones: the 340 px front needs all of a 360 px screen. */
export function IdCardView({ card, onClose }: { card: DriverCard; onClose: () => void }) {
  const { t, i18n } = useTranslation('idcard');
  const id = useId();
  const [side, setSide] = useState<'front' | 'back'>('front');
  const [busy, setBusy] = useState(false);
  const text = useMemo(
    () => frontText(card, t, i18n.language, new Date()),
    [card, t, i18n.language],
  );

  async function download() {
    setBusy(true);
    try {
      saveBlob(
        await cardFrontPng(text, card.photoUrl, qrMatrix(card.verifyUrl)),
        'driver-id-card.png',
      );
    } catch {
      showToast('error', t('card.downloadFailed'), toastStyles.user);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      labelledBy={`${id}-title`}
      onClose={onClose}
      className="m-0 size-full max-h-none max-w-none overflow-y-auto bg-stone-100 backdrop:bg-transparent sm:mx-auto sm:my-6 sm:h-fit sm:max-h-[calc(100dvh-3rem)] sm:max-w-md sm:rounded-2xl sm:backdrop:bg-black/60"
      bodyClassName="flex w-full flex-col gap-3 px-2.5 py-3 sm:p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-xl font-bold text-stone-900">
          {t('card.title')}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('card.close')}
          className="flex size-12 items-center justify-center rounded-xl text-stone-700 hover:bg-stone-200"
        >
          <X className="size-6" />
        </button>
      </div>
      <FitWidth width={face.width}>
        {side === 'front' ? <CardFront card={card} text={text} /> : <CardBack card={card} />}
      </FitWidth>
      <Button variant="secondary" onClick={() => setSide(side === 'front' ? 'back' : 'front')}>
        <RefreshCw aria-hidden className="size-5" />
        {side === 'front' ? t('card.showBack') : t('card.showFront')}
      </Button>
      <Button onClick={() => void download()} loading={busy} disabled={busy}>
        {!busy && <Download aria-hidden className="size-5" />}
        {busy ? t('card.downloading') : t('card.download')}
      </Button>
      <Button variant="ghost" onClick={onClose}>
        {t('card.close')}
      </Button>
    </Dialog>
  );
}
