import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mic, MessagesSquare, RotateCcw, Square, Upload } from 'lucide-react';
import { limits } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { Button } from '../../ui/Button';
import { Empty, LoadFailed, Loading } from '../../ui/ListStates';
import { TextField } from '../../ui/TextField';
import { formatDate } from '../../ui/formatDate';
import { showToast, toastStyles } from '../../ui/toastStore';
import { RecordingTimer } from './RecordingTimer';
import { clock, useRecorder } from './useRecorder';
import { VoiceHeader } from './VoiceHeader';
import { VoicePlayer } from './VoicePlayer';
import { voiceKeys } from '../../api/keys/voiceKeys';
import { uploadAudio, useAudios } from './voiceApi';
import { openVoiceStream } from './voiceStream';
import { isCancelled, UploadProgress, type UploadState } from '../uploads';

/** Spec 001, Voice Recorder (/send/audio): record, listen back, name it, upload; one's own list. */
export function VoiceRecorderScreen() {
  const { t, i18n } = useTranslation('voice');
  const recorder = useRecorder();
  const [name, setName] = useState('');
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const abort = useRef<AbortController | null>(null);
  const audios = useAudios();
  const preview = useMemo(
    () => (recorder.blob ? URL.createObjectURL(recorder.blob) : null),
    [recorder.blob],
  );
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  // A recording finishing processing refreshes the list.
  useEffect(
    () =>
      openVoiceStream({
        audio: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.audios }),
        reopened: () => void queryClient.invalidateQueries({ queryKey: voiceKeys.audios }),
      }),
    [],
  );

  const toast = (kind: 'success' | 'error', text: string) =>
    showToast(kind, text, toastStyles.user);

  const start = async () => {
    if (!(await recorder.start())) toast('error', t('mic.denied'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec: nothing is uploaded without a recording; and one recording is sent once.
    if (!recorder.blob || uploading) return;
    if (recorder.blob.size < limits.voiceMinBytes) {
      toast('error', t('chat.tooShort'));
      return;
    }
    setUploading(true);
    abort.current = new AbortController();
    try {
      await uploadAudio(recorder.blob, name.trim(), setProgress, abort.current.signal);
      toast('success', t('recorder.uploaded'));
      recorder.reset();
      setName('');
      await queryClient.invalidateQueries({ queryKey: voiceKeys.audios });
    } catch (error) {
      if (isCancelled(error)) toast('error', t('post.cancelled', { ns: 'translation' }));
      else toast('error', errorText(error, 'voice:recorder.uploadFailed'));
    } finally {
      setProgress(null);
      setUploading(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-3 py-4">
      <VoiceHeader
        title={t('recorder.title')}
        to="/voice-chat"
        icon={<MessagesSquare aria-hidden className="size-5" />}
        linkText={t('recorder.backToChat')}
      />

      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-3 rounded-2xl bg-orange-50 p-4"
      >
        {recorder.state === 'recording' ? (
          <>
            <RecordingTimer>
              {t('recorder.recording', { time: clock(recorder.seconds) })}
            </RecordingTimer>
            <Button block onClick={recorder.stop}>
              <Square aria-hidden className="size-5" /> {t('recorder.stop')}
            </Button>
          </>
        ) : recorder.state === 'stopped' && preview ? (
          <>
            <p className="font-semibold">{t('recorder.preview')}</p>
            <audio controls src={preview} className="w-full" aria-label={t('recorder.preview')} />
            <Button variant="ghost" onClick={recorder.reset} disabled={uploading}>
              <RotateCcw aria-hidden className="size-5" /> {t('recorder.discard')}
            </Button>
          </>
        ) : (
          <Button block onClick={() => void start()}>
            <Mic aria-hidden className="size-5" /> {t('recorder.start')}
          </Button>
        )}
        <TextField
          label={t('recorder.name')}
          placeholder={t('recorder.namePlaceholder')}
          value={name}
          maxLength={limits.audioNameMax}
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          block
          loading={uploading}
          disabled={recorder.state !== 'stopped' || !recorder.blob || uploading}
        >
          {!uploading && <Upload aria-hidden className="size-5" />}
          {uploading ? t('recorder.uploading') : t('recorder.upload')}
        </Button>
        {uploading && progress && (
          <div className="flex justify-center">
            <UploadProgress state={progress} onCancel={() => abort.current?.abort()} />
          </div>
        )}
        <p className="text-sm text-stone-600">{t('mic.limit')}</p>
      </form>

      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{t('recorder.listTitle')}</h2>
        {audios.isPending ? (
          <Loading text={t('recorder.loading')} />
        ) : audios.isError ? (
          <LoadFailed
            text={t('recorder.fetchFailed')}
            retry={t('recorder.retry')}
            onRetry={() => void audios.refetch()}
          />
        ) : audios.data.length === 0 ? (
          <Empty text={t('recorder.empty')} />
        ) : (
          <ul
            className="flex max-h-96 flex-col gap-2 overflow-y-auto"
            aria-label={t('recorder.listTitle')}
          >
            {audios.data.map((audio) => (
              <li
                key={audio._id}
                className="flex flex-col gap-1 rounded-xl border border-stone-200 bg-white p-3"
              >
                <p className="font-semibold break-words">{audio.name || t('recorder.untitled')}</p>
                <time dateTime={audio.createdAt} className="text-sm text-stone-600">
                  {formatDate(audio.createdAt, i18n.language)}
                </time>
                <VoicePlayer
                  status={audio.status}
                  src={audio.audioUrl}
                  failureReason={audio.failureReason}
                  processingText={t('recorder.processing')}
                  failedText={t('recorder.failed')}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
