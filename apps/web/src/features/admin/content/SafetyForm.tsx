import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePlus, Video } from 'lucide-react';
import { safetyFields, type AdminSafetyCaution } from '@saathi/contract';
import { answerText, errorText, issueText } from '../../../api/errorText';
import { Modal } from '../../../ui/Modal';
import { FilePicker } from '../../../ui/FilePicker';
import { showToast } from '../../../ui/toastStore';
import { DialogActions } from '../DialogActions';
import { TextArea } from '../../../ui/TextArea';
import { useCreateSafety, useUpdateSafety } from './contentApi';

/** A new caution (note + image and/or video), or a new note for an existing one. */
export function SafetyForm({
  caution,
  onClose,
}: {
  caution: AdminSafetyCaution | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-content');
  const create = useCreateSafety();
  const update = useUpdateSafety();
  const [note, setNote] = useState(caution?.note ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const failure = create.error ?? update.error;

  const done = (answer: { message: string; code: string }) => {
    showToast('success', answerText(answer));
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = safetyFields.safeParse({ note });
    if (!parsed.success) {
      setProblem(issueText(parsed.error.issues[0]));
      return;
    }
    if (caution) {
      update.mutate({ id: caution._id, note: parsed.data.note }, { onSuccess: done });
      return;
    }
    if (!image && !video) {
      setProblem(t('safety.mediaRequired'));
      return;
    }
    setProblem(null);
    create.mutate(
      { note: parsed.data.note, image, video, onProgress: setProgress },
      { onSuccess: done },
    );
  };

  const shown = problem ?? (failure ? errorText(failure, 'admin-content:saveFailed') : null);
  return (
    <Modal title={caution ? t('safety.edit') : t('safety.add')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextArea
          label={t('safety.note')}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setProblem(null);
          }}
          maxLength={1000}
          rows={4}
        />
        {!caution && (
          <FilePicker
            look="outline"
            hint={t('safety.limits')}
            disabled={busy}
            sources={[
              {
                icon: <ImagePlus aria-hidden className="size-5" />,
                label: t('safety.pickImage'),
                accept: 'image/*',
              },
              {
                icon: <Video aria-hidden className="size-5" />,
                label: t('safety.pickVideo'),
                accept: 'video/*',
              },
            ]}
            onPick={([file], source) => (source === 0 ? setImage : setVideo)(file ?? null)}
          >
            {[image, video].map(
              (file) =>
                file && (
                  <p key={file.name} className="truncate text-sm text-stone-700">
                    {file.name} · {Math.ceil(file.size / 1024)} KB
                  </p>
                ),
            )}
          </FilePicker>
        )}
        {create.isPending && (
          <progress
            value={progress}
            max={1}
            className="w-full"
            aria-label={t('safety.uploading')}
          />
        )}
        <DialogActions confirm={t('save')} busy={busy} error={shown} onCancel={onClose} />
      </form>
    </Modal>
  );
}
