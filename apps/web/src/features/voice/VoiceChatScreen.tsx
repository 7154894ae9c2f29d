import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic, MicVocal, Square } from 'lucide-react';
import { limits, type VoiceNote } from '@saathi/contract';
import { ApiError } from '../../api/errors';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { Empty, LoadFailed, Loading } from '../../ui/ListStates';
import { Modal } from '../../ui/Modal';
import { Spinner } from '../../ui/Spinner';
import { showToast, toastStyles } from '../../ui/toastStore';
import { useSession } from '../../api/session';
import { RecordingTimer } from './RecordingTimer';
import { VoiceHeader } from './VoiceHeader';
import { VoiceNoteItem } from './VoiceNoteItem';
import { clock, useRecorder } from './useRecorder';
import { queryClient } from '../../api/queryClient';
import { voiceKeys } from '../../api/keys/voiceKeys';
import { deleteVoiceNote, dropNote, upsertNote, uploadVoiceNote, useVoiceNotes } from './voiceApi';
import { openVoiceStream } from './voiceStream';
import { isCancelled, UploadProgress, type UploadState } from '../uploads';

/** Spec 001, Voice Chat (/voice-chat): record, upload, everyone's notes live. */
export function VoiceChatScreen() {
  const { t } = useTranslation('voice');
  const { user } = useSession();
  const recorder = useRecorder();
  const [confirming, setConfirming] = useState<VoiceNote | null>(null);
  const [deleting, setDeleting] = useState(false);
  const notes = useVoiceNotes();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(
    () =>
      openVoiceStream({
        note: (note) => upsertNote(note),
        removed: (id) => dropNote(id),
        reopened: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.notes }),
      }),
    [],
  );

  const toast = (kind: 'success' | 'error', text: string) =>
    showToast(kind, text, toastStyles.user);

  const start = async () => {
    if (!(await recorder.start())) toast('error', t('mic.denied'));
  };

  const upload = async (blob: Blob | null) => {
    if (!blob || blob.size < limits.voiceMinBytes) {
      toast('error', t('chat.tooShort'));
      recorder.reset();
      return;
    }
    abort.current = new AbortController();
    try {
      const { data } = await uploadVoiceNote(blob, setProgress, abort.current.signal);
      upsertNote(data);
      toast('success', t('chat.uploaded'));
      void queryClient.invalidateQueries({ queryKey: voiceKeys.notes });
    } catch (error) {
      // The spec's two texts: 'Upload error' when the request never got through, else the
      // server's reason when it gave one, else 'Upload failed'.
      const network = error instanceof ApiError && error.isNetwork;
      if (isCancelled(error)) toast('error', t('post.cancelled', { ns: 'translation' }));
      else
        toast(
          'error',
          network ? t('chat.uploadError') : errorText(error, 'voice:chat.uploadFailed'),
        );
    } finally {
      setProgress(null);
      recorder.reset();
    }
  };

  // Every finished recording goes up once, and is 'Uploading...' until it is back to idle:
  // after 'Stop & Upload' (a second tap finds the recorder already stopping) and after the
  // recorder stopped itself at the time limit.
  const uploadFinished = useEffectEvent((blob: Blob | null) => void upload(blob));
  useEffect(() => {
    if (recorder.state === 'stopped') uploadFinished(recorder.blob);
  }, [recorder.state, recorder.blob]);

  const confirmDelete = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await deleteVoiceNote(confirming._id);
      dropNote(confirming._id);
      toast('success', t('chat.deleted'));
    } catch {
      toast('error', t('chat.deleteFailed'));
    } finally {
      setDeleting(false);
      setConfirming(null);
    }
  };

  const all = notes.data?.pages.flatMap((p) => p.notes) ?? [];
  const recording = recorder.state === 'recording';
  const uploading = recorder.state === 'stopped';

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <VoiceHeader
        title={t('chat.title')}
        to="/send/audio"
        icon={<MicVocal aria-hidden className="size-5" />}
        linkText={t('chat.recorderLink')}
      />

      <section className="flex flex-col items-center gap-3 rounded-2xl bg-orange-50 p-4">
        {uploading ? (
          <>
            <p role="status" className="flex min-h-12 items-center gap-2 text-lg font-semibold">
              <Spinner /> {t('chat.uploading')}
            </p>
            {progress && (
              <UploadProgress state={progress} onCancel={() => abort.current?.abort()} />
            )}
          </>
        ) : recording ? (
          <>
            <RecordingTimer>
              {t('chat.recording', { time: clock(recorder.seconds) })}
            </RecordingTimer>
            <Button block onClick={recorder.stop}>
              <Square aria-hidden className="size-5" /> {t('chat.stopUpload')}
            </Button>
          </>
        ) : (
          <Button block onClick={() => void start()}>
            <Mic aria-hidden className="size-5" /> {t('chat.start')}
          </Button>
        )}
        <p className="text-sm text-stone-600">{t('mic.limit')}</p>
      </section>

      {notes.isPending ? (
        <Loading text={t('chat.loading')} />
      ) : notes.isError ? (
        <LoadFailed
          text={
            notes.error instanceof ApiError && notes.error.isNetwork
              ? t('chat.loadError')
              : t('chat.fetchFailed')
          }
          retry={t('chat.retry')}
          onRetry={() => void notes.refetch()}
        />
      ) : all.length === 0 ? (
        <Empty text={t('chat.empty')} />
      ) : (
        <div className="max-h-[400px] overflow-y-auto overscroll-contain rounded-xl">
          <ul className="flex flex-col gap-2" aria-label={t('chat.title')}>
            {all.map((note) => (
              <VoiceNoteItem
                key={note._id}
                note={note}
                mine={note.user._id === user?._id}
                onDelete={setConfirming}
              />
            ))}
          </ul>
          {notes.hasNextPage && (
            <Button
              variant="ghost"
              block
              loading={notes.isFetchingNextPage}
              onClick={() => void notes.fetchNextPage()}
            >
              {t('chat.loadMore')}
            </Button>
          )}
        </div>
      )}

      <p className="text-center text-sm text-stone-600">{t('chat.footer')}</p>

      {confirming && (
        <Modal title={t('chat.deleteConfirm')} onClose={() => setConfirming(null)}>
          <div className="flex gap-2">
            <Button variant="secondary" block onClick={() => setConfirming(null)}>
              {t('chat.deleteNo')}
            </Button>
            <Button block loading={deleting} onClick={() => void confirmDelete()}>
              {t('chat.deleteYes')}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
