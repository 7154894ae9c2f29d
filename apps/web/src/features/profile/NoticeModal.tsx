import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

/** The ID card and the documents vault arrive with issue #5: say so instead of a dead button. */
export function NoticeModal({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={title} subtitle={t('profile.soon')} onClose={onClose}>
      <Button onClick={onClose}>{t('profile.ok')}</Button>
    </Modal>
  );
}
