import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

interface PrivacyNoticeModalProps {
  onAccept: () => void;
  onClose: () => void;
}

export function PrivacyNoticeModal({ onAccept, onClose }: PrivacyNoticeModalProps) {
  const { t } = useTranslation('vault');
  const lines = t('notice.lines', { returnObjects: true }) as string[];
  return (
    <Modal title={t('notice.title')} onClose={onClose}>
      <ShieldCheck aria-hidden className="size-10 text-green-700" />
      <ul className="flex list-disc flex-col gap-2 pl-5 text-base text-stone-800">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <Button onClick={onAccept}>{t('notice.accept')}</Button>
        <Button variant="ghost" onClick={onClose}>
          {t('notice.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
