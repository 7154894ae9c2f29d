import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { limits, type SelfUser } from '@saathi/contract';
import { errorText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { TextField } from '../../ui/TextField';
import { shrinkImage } from '../../ui/shrinkImage';
import { PhotoField } from './PhotoField';
import { nameError } from './profileRules';
import { useUpdateProfile } from './useUpdateProfile';

interface UpdateProfileModalProps {
  user: SelfUser;
  onClose: () => void;
}

/** Name, photo and whether others may see the number, sent as one multipart PUT. */
export function UpdateProfileModal({ user, onClose }: UpdateProfileModalProps) {
  const { t } = useTranslation();
  const switchId = useId();
  const [name, setName] = useState(user.name);
  const [showNumber, setShowNumber] = useState(user.showNumber);
  const [photo, setPhoto] = useState<File | null>(null);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const update = useUpdateProfile(onClose);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = nameError(name);
    setNameProblem(problem ? t(`errors.${problem}`) : null);
    if (problem) return;
    update.mutate({ name, showNumber, photo, removePhoto });
  }

  return (
    <Modal title={t('profile.edit.title')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('auth.name')}
          value={name}
          maxLength={limits.nameMax + 10}
          autoComplete="name"
          error={nameProblem}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameProblem(null);
          }}
        />
        <PhotoField
          current={user.profileImage.url}
          photo={photo}
          removed={removePhoto}
          onPick={(file) => {
            setRemovePhoto(false);
            void shrinkImage(file).then(setPhoto);
          }}
          onRemove={() => {
            setPhoto(null);
            setRemovePhoto(true);
          }}
        />
        <div className="flex items-center gap-3 rounded-xl border-2 border-stone-300 p-3">
          <div className="flex-1">
            <p id={switchId} className="font-semibold">
              {t('profile.edit.showNumber')}
            </p>
            <p className="text-sm text-stone-600">{t('profile.edit.showNumberHint')}</p>
          </div>
          <button
            type="button"
            role="switch"
            aria-checked={showNumber}
            aria-labelledby={switchId}
            onClick={() => setShowNumber((on) => !on)}
            className={`relative h-8 w-14 shrink-0 rounded-full transition-colors ${showNumber ? 'bg-brand' : 'bg-stone-400'}`}
          >
            <span
              className={`absolute top-1 left-1 size-6 rounded-full bg-white shadow transition-transform ${showNumber ? 'translate-x-6' : ''}`}
            />
          </button>
        </div>
        {update.isError && (
          <p role="alert" className="font-medium text-red-700">
            {errorText(update.error, 'profile.edit.failed')}
          </p>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('report.cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={update.isPending}>
            {update.isPending ? t('profile.edit.saving') : t('profile.edit.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
