import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';

export interface OpenedFile {
  url: string;
  name: string;
  title: string;
}

/** A photo of a paper, shown from a blob URL so neither the file nor the token is in an address. */
export function FileViewerModal({ file, onClose }: { file: OpenedFile; onClose: () => void }) {
  const { t } = useTranslation('vault');
  return (
    <Modal title={file.title} onClose={onClose}>
      <img
        src={file.url}
        alt={file.title}
        data-testid="document-image"
        className="max-h-[60dvh] w-full rounded-lg border border-stone-200 object-contain"
      />
      <a
        href={file.url}
        download={file.name}
        className="flex min-h-12 items-center justify-center gap-2 rounded-xl border-2 border-brand px-5 font-semibold text-brand"
      >
        <Download aria-hidden className="size-5" />
        {t('list.download')}
      </a>
      <Button variant="ghost" onClick={onClose}>
        {t('list.viewerClose')}
      </Button>
    </Modal>
  );
}
