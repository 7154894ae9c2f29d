import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, Plus } from 'lucide-react';
import type { PersonalDocument } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { ApiError } from '../../api/errors';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { saveBlob } from '../../ui/saveBlob';
import { Empty, LoadFailed, Loading } from '../../ui/ListStates';
import { showToast, toastStyles } from '../../ui/toastStore';
import { DocumentRow } from './DocumentRow';
import { FileViewerModal, type OpenedFile } from './FileViewerModal';
import { fetchDocumentFile, useDeleteDocument, useDocuments } from './vaultApi';
import { lockVault } from './vaultLock';

interface DocumentsModalProps {
  userId: string;
  onAdd: () => void;
  onClose: () => void;
}

/** A lock is handled by the flow (it asks for the password); other failures are told here. */
function isLock(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'vault_locked';
}

export function DocumentsModal({ userId, onAdd, onClose }: DocumentsModalProps) {
  const { t } = useTranslation('vault');
  const documents = useDocuments(userId);
  const remove = useDeleteDocument();
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [viewer, setViewer] = useState<OpenedFile | null>(null);
  const now = new Date();

  useEffect(
    () => () => {
      if (viewer) URL.revokeObjectURL(viewer.url);
    },
    [viewer],
  );

  async function open(document: PersonalDocument) {
    setOpeningId(document._id);
    try {
      const blob = await fetchDocumentFile(document._id);
      // Photos show inside the app; PDF and Word files go to the phone's own viewer as a download.
      if (blob.type.startsWith('image/') || document.file.mime.startsWith('image/')) {
        const url = URL.createObjectURL(blob);
        setViewer({ url, name: document.file.name, title: document.documentName });
      } else {
        saveBlob(blob, document.file.name);
      }
    } catch (error) {
      if (!isLock(error))
        showToast('error', errorText(error, 'vault:list.openFailed'), toastStyles.user);
    } finally {
      setOpeningId(null);
    }
  }

  function confirmDelete(document: PersonalDocument) {
    if (!window.confirm(t('list.deleteConfirm'))) return;
    remove.mutate(document._id, {
      onSuccess: () => showToast('success', t('list.deleted'), toastStyles.user),
      onError: (error) => {
        if (!isLock(error)) showToast('error', t('list.deleteFailed'), toastStyles.user);
      },
    });
  }

  const list = documents.data;
  return (
    <>
      <Modal title={t('list.title')} onClose={onClose}>
        <Button onClick={onAdd}>
          <Plus aria-hidden className="size-5" />
          {t('list.add')}
        </Button>
        {documents.isPending ? (
          <Loading text={t('list.loading')} />
        ) : documents.isError && !isLock(documents.error) ? (
          <LoadFailed
            text={t('list.fetchFailed')}
            retry={t('list.retry')}
            onRetry={() => void documents.refetch()}
          />
        ) : list && list.length === 0 ? (
          <Empty text={t('list.empty')} />
        ) : (
          <ul aria-label={t('list.title')} className="flex max-h-96 flex-col gap-2 overflow-y-auto">
            {list?.map((document) => (
              <DocumentRow
                key={document._id}
                document={document}
                now={now}
                opening={openingId === document._id}
                deleting={remove.isPending && remove.variables === document._id}
                onOpen={() => void open(document)}
                onDelete={() => confirmDelete(document)}
              />
            ))}
          </ul>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={lockVault}>
            <Lock aria-hidden className="size-5" />
            {t('list.lock')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('list.close')}
          </Button>
        </div>
      </Modal>
      {viewer && <FileViewerModal file={viewer} onClose={() => setViewer(null)} />}
    </>
  );
}
