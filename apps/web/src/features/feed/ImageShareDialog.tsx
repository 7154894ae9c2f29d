import { useTranslation } from 'react-i18next';
import { Copy, Share2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { copyText } from '../../ui/copyText';
import { Modal } from '../../ui/Modal';
import { showToast } from '../../ui/toastStore';
import { useTimedFlag } from '../../ui/useTimedFlag';
import { canShareNatively, postLink, shareNatively } from './shareLinks';

/** Spec: 'Link copied to clipboard!' shows for 2 seconds. */
const copiedMs = 2000;

export function ImageShareDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, flashCopied] = useTimedFlag(copiedMs);
  const link = postLink(postId);
  const text = t('share.imageText');

  async function copy() {
    if (await copyText(`${text} ${link}`)) flashCopied();
    else showToast('error', t('share.copyFailed'));
  }

  return (
    <Modal title={t('share.imageTitle')} onClose={onClose}>
      <p className="rounded-xl bg-stone-100 p-3 text-base break-all text-stone-800">
        {text} {link}
      </p>
      {copied && (
        <p role="status" className="font-semibold text-green-700">
          {t('share.linkCopied')}
        </p>
      )}
      {canShareNatively() && (
        <Button
          onClick={() =>
            void shareNatively({ text, url: link }).catch(() =>
              showToast('error', t('share.failed')),
            )
          }
        >
          <Share2 aria-hidden className="size-5" />
          {t('share.native')}
        </Button>
      )}
      <Button variant="secondary" onClick={() => void copy()}>
        <Copy aria-hidden className="size-5" />
        {t('share.copyLink')}
      </Button>
      <Button variant="ghost" onClick={onClose}>
        {t('share.close')}
      </Button>
    </Modal>
  );
}
