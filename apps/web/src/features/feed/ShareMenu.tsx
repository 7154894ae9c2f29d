import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, Check, Copy, MessageCircle, Play, Share2, ThumbsUp } from 'lucide-react';
import type { TextKey } from '../../i18n/resources';
import { copyText } from '../../ui/copyText';
import { Sheet } from '../../ui/Sheet';
import { showToast } from '../../ui/toastStore';
import { useTimedFlag } from '../../ui/useTimedFlag';
import {
  canShareNatively,
  facebookShareUrl,
  openShareTab,
  postLink,
  shareNatively,
  whatsappShareUrl,
} from './shareLinks';

interface ShareMenuProps {
  postId: string;
  title: string;
  onClose: () => void;
}

/** Spec: 'Copied!' shows for 2 seconds. */
const copiedMs = 2000;

interface ShareRowProps {
  icon: ReactNode;
  /** The app's colour behind a plain glyph: brand logos are not in our icon set. */
  tint: string;
  label: string;
  onClick: () => void;
}

function ShareRow({ icon, tint, label, onClick }: ShareRowProps) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        className="flex min-h-14 w-full items-center gap-4 px-4 text-left text-lg font-semibold text-stone-900 hover:bg-stone-100"
      >
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-full text-white ${tint}`}
        >
          {icon}
        </span>
        {label}
      </button>
    </li>
  );
}

export function ShareMenu({ postId, title, onClose }: ShareMenuProps) {
  const { t } = useTranslation();
  const [copied, flashCopied] = useTimedFlag(copiedMs);
  const link = postLink(postId);

  async function copyThenSay(messageKey: TextKey) {
    if (await copyText(link)) showToast('success', t(messageKey));
    else showToast('error', t('share.copyFailed'));
  }

  async function copyUrl() {
    if (await copyText(link)) flashCopied();
    else showToast('error', t('share.copyFailed'));
  }

  const icon = 'size-5';
  return (
    <Sheet title={t('share.title')} onClose={onClose}>
      <ul className="overflow-y-auto pb-3">
        {canShareNatively() && (
          <ShareRow
            icon={<Share2 aria-hidden className={icon} />}
            tint="bg-stone-700"
            label={t('share.native')}
            onClick={() =>
              void shareNatively({ title, url: link }).catch(() =>
                showToast('error', t('share.failed')),
              )
            }
          />
        )}
        <ShareRow
          icon={<MessageCircle aria-hidden className={icon} />}
          tint="bg-green-600"
          label={t('share.whatsapp')}
          onClick={() => openShareTab(whatsappShareUrl(link))}
        />
        <ShareRow
          icon={<Camera aria-hidden className={icon} />}
          tint="bg-pink-600"
          label={t('share.instagram')}
          onClick={() => void copyThenSay('share.instagramCopied')}
        />
        <ShareRow
          icon={<ThumbsUp aria-hidden className={icon} />}
          tint="bg-blue-700"
          label={t('share.facebook')}
          onClick={() => openShareTab(facebookShareUrl(link))}
        />
        <ShareRow
          icon={<Play aria-hidden className={`${icon} fill-white`} />}
          tint="bg-red-600"
          label={t('share.youtube')}
          onClick={() => void copyThenSay('share.youtubeCopied')}
        />
        <ShareRow
          icon={
            copied ? <Check aria-hidden className={icon} /> : <Copy aria-hidden className={icon} />
          }
          tint={copied ? 'bg-green-600' : 'bg-stone-700'}
          label={copied ? t('share.copied') : t('share.copy')}
          onClick={() => void copyUrl()}
        />
      </ul>
    </Sheet>
  );
}
