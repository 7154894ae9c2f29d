import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { LocateFixed, Upload } from 'lucide-react';
import { limits } from '@saathi/contract';
import { answerText } from '../../api/errorText';
import { queryClient } from '../../api/queryClient';
import { postKeys } from '../../api/keys/postKeys';
import { Button } from '../../ui/Button';
import { PageTitle } from '../../ui/PageTitle';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toastStore';
import { EmergencySwitch } from './EmergencySwitch';
import { ImagePicker, type PickedImage } from './ImagePicker';
import { mediaMissing, newImagesProblem, videoProblem, type MediaProblem } from './mediaRules';
import { UploadOverlay } from './UploadOverlay';
import { isCancelled, uploadErrorText, uploadPost } from './uploadPost';
import { useDeviceLocation } from './useDeviceLocation';
import { VideoPicker, type PickedVideo } from './VideoPicker';
import { forgetUnfinished, percentSent, unfinishedUpload, type UploadState } from '../uploads';

const idle: UploadState = { sent: 0, total: 0, rate: null, paused: false };

export function AddVideoScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [caption, setCaption] = useState('');
  const [location, setLocation] = useState('');
  const [emergency, setEmergency] = useState(false);
  const [images, setImages] = useState<PickedImage[]>([]);
  const [video, setVideo] = useState<PickedVideo | null>(null);
  const [imageError, setImageError] = useState<MediaProblem | null>(null);
  const [videoError, setVideoError] = useState<MediaProblem | null>(null);
  const [mediaError, setMediaError] = useState<MediaProblem | null>(null);
  const [locationMissing, setLocationMissing] = useState(false);
  const [progress, setProgress] = useState<UploadState>(idle);
  /** An earlier upload of the chosen video the server still holds (before a reload, say). */
  const [resumable, setResumable] = useState<{ file: File; percent: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const onPlace = useCallback((place: string) => setLocation(place), []);
  const geo = useDeviceLocation(onPlace);
  const say = (problem: MediaProblem | null) =>
    problem ? t(`errors.${problem.code}`, problem.params) : null;

  function clearForm() {
    for (const image of images) URL.revokeObjectURL(image.preview);
    if (video) URL.revokeObjectURL(video.preview);
    setCaption('');
    setLocation('');
    setEmergency(false);
    setImages([]);
    setVideo(null);
  }

  const upload = useMutation({
    mutationFn: () => {
      abort.current = new AbortController();
      return uploadPost(
        {
          caption,
          location,
          emergency,
          images: images.map((i) => i.file),
          video: video?.file ?? null,
        },
        setProgress,
        abort.current.signal,
      );
    },
    onMutate: () => setProgress(idle),
    onSuccess: (response) => {
      showToast('success', answerText(response));
      clearForm();
      // The feed's banner shows the post as processing until the worker is done.
      void queryClient.invalidateQueries({ queryKey: postKeys.mine });
      void navigate('/');
    },
    onError: (error) => {
      if (isCancelled(error)) showToast('error', t('post.cancelled'));
      else showToast('error', uploadErrorText(error));
    },
  });

  function pickImages(files: File[]) {
    const problem = newImagesProblem(images.length, files);
    setImageError(problem);
    if (problem) return;
    setMediaError(null);
    setImages((current) => [
      ...current,
      ...files.map((file) => ({ file, preview: URL.createObjectURL(file) })),
    ]);
  }

  function removeImage(index: number) {
    const removed = images[index];
    if (removed) URL.revokeObjectURL(removed.preview);
    setImages((current) => current.filter((_, i) => i !== index));
    setImageError(null);
  }

  function pickVideo(file: File) {
    const problem = videoProblem(file);
    setVideoError(problem);
    if (problem) return;
    setMediaError(null);
    if (video) URL.revokeObjectURL(video.preview);
    setVideo({ file, preview: URL.createObjectURL(file) });
    setResumable(null);
    void unfinishedUpload(file, 'video').then((earlier) => {
      if (earlier && earlier.sent > 0) {
        setResumable({ file, percent: percentSent({ ...earlier, rate: null, paused: false }) });
      }
    });
  }

  function startOver() {
    if (!resumable) return;
    void forgetUnfinished(resumable.file, 'video');
    setResumable(null);
  }

  function removeVideo() {
    if (video) URL.revokeObjectURL(video.preview);
    setVideo(null);
    setVideoError(null);
    setResumable(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing = mediaMissing(images.length, video?.file ?? null);
    setMediaError(missing);
    setLocationMissing(location.trim() === '');
    if (missing || location.trim() === '' || upload.isPending) return;
    upload.mutate();
  }

  const locationError =
    locationMissing && !location.trim() ? t('errors.location_required') : geo.error;
  return (
    <section className="mx-auto flex max-w-md flex-col gap-5 px-4 py-6">
      <PageTitle>{t('post.title')}</PageTitle>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5">
        <TextArea
          label={t('post.caption')}
          value={caption}
          maxLength={limits.captionMax}
          placeholder={t('post.captionPlaceholder')}
          onChange={(event) => setCaption(event.target.value)}
        />
        <div className="flex flex-col gap-2">
          <TextField
            label={geo.locating ? t('post.locating') : t('post.location')}
            value={location}
            required
            disabled={geo.locating}
            maxLength={limits.locationMax}
            placeholder={
              geo.locating ? t('post.locatingPlaceholder') : t('post.locationPlaceholder')
            }
            onChange={(event) => setLocation(event.target.value)}
            error={locationError}
          />
          {!geo.locating && (
            <button
              type="button"
              onClick={geo.locate}
              className="flex min-h-11 items-center gap-2 self-start font-semibold text-brand"
            >
              <LocateFixed aria-hidden className="size-5" />
              {t('post.useMyLocation')}
            </button>
          )}
        </div>
        <EmergencySwitch on={emergency} onChange={setEmergency} />
        <ImagePicker
          images={images}
          error={say(imageError)}
          onPick={pickImages}
          onRemove={removeImage}
        />
        <VideoPicker
          video={video}
          error={say(videoError)}
          onPick={pickVideo}
          onRemove={removeVideo}
        />
        {resumable && resumable.file === video?.file && (
          <div role="status" className="flex flex-col gap-2 rounded-xl bg-orange-50 p-3">
            <p className="text-base">{t('upload.resumeFound', { percent: resumable.percent })}</p>
            <Button variant="ghost" onClick={startOver} className="self-start">
              {t('upload.startOver')}
            </Button>
          </div>
        )}
        {mediaError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-base font-medium text-red-700">
            {say(mediaError)}
          </p>
        )}
        <Button type="submit" block disabled={upload.isPending}>
          <Upload aria-hidden className="size-5" />
          {t('post.submit')}
        </Button>
      </form>
      {upload.isPending && (
        <UploadOverlay state={progress} onCancel={() => abort.current?.abort()} />
      )}
    </section>
  );
}
