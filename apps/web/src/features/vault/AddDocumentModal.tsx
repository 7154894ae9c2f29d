import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUp } from 'lucide-react';
import { documentTypes, type PersonalDocument } from '@saathi/contract';
import { answerText, errorText } from '../../api/errorText';
import { ApiError } from '../../api/errors';
import { Button } from '../../ui/Button';
import { cameraOrGallery } from '../../ui/cameraOrGallery';
import { FilePicker } from '../../ui/FilePicker';
import { Modal } from '../../ui/Modal';
import { RemoveFileButton } from '../../ui/RemoveFileButton';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { showToast, toastStyles } from '../../ui/toastStore';
import { documentAccept, documentFileProblem } from './documentRules';
import { useAddDocument } from './vaultApi';

interface AddDocumentModalProps {
  onDone: () => void;
  onClose: () => void;
}

const fieldClass =
  'min-h-12 w-full rounded-xl border-2 border-stone-300 bg-white px-4 text-base text-stone-900 focus:border-brand focus:outline-none';
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function AddDocumentModal({ onDone, onClose }: AddDocumentModalProps) {
  const { t } = useTranslation('vault');
  const id = useId();
  const add = useAddDocument();
  const [documentType, setDocumentType] =
    useState<PersonalDocument['documentType']>('Driving License');
  const [documentName, setDocumentName] = useState('');
  const [description, setDescription] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  function picked([chosen]: File[]) {
    if (!chosen) return;
    const problem = documentFileProblem(chosen);
    if (problem) {
      setError(problem === 'type' ? t('add.fileType') : t('add.fileTooLarge'));
      return;
    }
    setError(null);
    setFile(chosen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    if (!documentName.trim() || !file) {
      setError(t('add.required'));
      return;
    }
    setError(null);
    add.mutate(
      { documentType, documentName, description, expiresOn, file },
      {
        onSuccess: (answer) => {
          showToast('success', answerText(answer), toastStyles.user);
          onDone();
        },
        onError: (failure) => {
          // A lock sends the flow back to the password; the form goes with it.
          if (failure instanceof ApiError && failure.code === 'vault_locked') return;
          setError(errorText(failure, 'vault:add.failed'));
        },
      },
    );
  }

  return (
    <Modal title={t('add.title')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-type`} className="text-base font-medium text-stone-800">
            {t('add.type')}
          </label>
          <select
            id={`${id}-type`}
            value={documentType}
            onChange={(event) =>
              setDocumentType(event.target.value as PersonalDocument['documentType'])
            }
            className={fieldClass}
          >
            {documentTypes.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('add.name')}
          placeholder={t('add.namePlaceholder')}
          value={documentName}
          maxLength={100}
          onChange={(event) => setDocumentName(event.target.value)}
        />
        <TextArea
          label={t('add.description')}
          value={description}
          maxLength={500}
          rows={2}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label={t('add.expiresOn')}
          type="date"
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
        <FilePicker
          legend={t('add.file')}
          hint={t('add.fileHint')}
          sources={cameraOrGallery(
            { camera: t('add.camera'), gallery: t('add.chooseFile') },
            'environment',
            { accept: documentAccept, icon: <FileUp aria-hidden className="size-5" /> },
          )}
          onPick={picked}
          picked={
            file ? (
              <div className="flex items-center gap-2 rounded-xl border-2 border-stone-200 p-2">
                <FileUp aria-hidden className="size-6 shrink-0 text-brand" />
                <span className="min-w-0 flex-1 truncate" data-testid="picked-file">
                  {file.name} · {sizeText(file.size)}
                </span>
                <RemoveFileButton label={t('add.remove')} onRemove={() => setFile(null)} />
              </div>
            ) : null
          }
        />
        {error && (
          <p role="alert" className="text-base font-medium text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={add.isPending}>
          {add.isPending ? t('add.saving') : t('add.submit')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('add.back')}
        </Button>
      </form>
    </Modal>
  );
}
