import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bloodGroups, cardApplicationFields, cardFieldMax } from '@saathi/contract';
import { answerText, errorText, issueText } from '../../api/errorText';
import { Button } from '../../ui/Button';
import { cameraOrGallery } from '../../ui/cameraOrGallery';
import { FilePicker } from '../../ui/FilePicker';
import { Modal } from '../../ui/Modal';
import { TextArea } from '../../ui/TextArea';
import { TextField } from '../../ui/TextField';
import { showToast, toastStyles } from '../../ui/toastStore';
import { cardFieldNames, isCardPhoto, missingCardFields, type CardField } from './cardRules';
import { useApplyCard, type CardApplication } from './idCardApi';

interface IdCardFormProps {
  userId: string;
  name: string;
  mobile: string;
  onClose: () => void;
}

const fieldClass =
  'min-h-12 w-full rounded-xl border-2 bg-white px-4 text-base text-stone-900 focus:border-brand focus:outline-none';
const textFields = [
  'name',
  'fatherName',
  'designation',
  'mobile',
  'dlNo',
  'policeStation',
  'city',
  'state',
] as const;

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

export function IdCardForm({ userId, name, mobile, onClose }: IdCardFormProps) {
  const { t } = useTranslation('idcard');
  const id = useId();
  const apply = useApplyCard(userId);
  const [fields, setFields] = useState<CardApplication>({
    name,
    fatherName: '',
    designation: 'Driver',
    mobile,
    dlNo: '',
    policeStation: '',
    city: '',
    state: '',
    bloodGroup: '',
    dob: '',
    memberAddress: '',
  });
  const [photo, setPhoto] = useState<File | null>(null);
  /** What is wrong with each field: empty, or the contract's message naming the field. */
  const [problems, setProblems] = useState<Partial<Record<CardField, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const set = (field: CardField, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...others }) => others);
  };
  const invalid = (field: CardField) => problems[field] ?? null;
  const flagged = (field: CardField) => problems[field] !== undefined;

  function picked([chosen]: File[]) {
    if (!chosen) return;
    if (!isCardPhoto(chosen)) {
      setError(t('form.photoType'));
      return;
    }
    setError(null);
    setPhoto(chosen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (apply.isPending) return;
    const empty = missingCardFields(fields);
    if (empty.length > 0) {
      setProblems(Object.fromEntries(empty.map((field) => [field, t('form.fieldRequired')])));
      setError(t('form.required'));
      return;
    }
    const trimmed = Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [key, value.trim()]),
    ) as CardApplication;
    // The server's rules, checked here first: each message names its field (a date typed by
    // hand on a phone without a date picker, a text longer than the card takes).
    const checked = cardApplicationFields.safeParse(trimmed);
    if (!checked.success) {
      const wrong: Partial<Record<CardField, string>> = {};
      for (const issue of checked.error.issues) {
        const field = cardFieldNames.find((name) => name === issue.path[0]);
        if (field) wrong[field] ??= issueText(issue);
      }
      setProblems(wrong);
      setError(Object.values(wrong)[0] ?? t('form.required'));
      return;
    }
    setProblems({});
    if (!photo) {
      setError(t('form.photoRequired'));
      return;
    }
    setError(null);
    apply.mutate(
      { fields: trimmed, photo },
      {
        onSuccess: (answer) => showToast('success', answerText(answer), toastStyles.user),
        onError: (failure) =>
          setError(t('form.failed', { message: errorText(failure, 'errors.server_error') })),
      },
    );
  }

  const selectClass = (field: CardField) =>
    `${fieldClass} ${flagged(field) ? 'border-red-600' : 'border-stone-300'}`;

  return (
    <Modal title={t('form.title')} subtitle={t('form.subtitle')} onClose={onClose}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        {textFields.map((field) => (
          <TextField
            key={field}
            label={t(`form.${field}`)}
            value={fields[field]}
            error={invalid(field)}
            type={field === 'mobile' ? 'tel' : 'text'}
            inputMode={field === 'mobile' ? 'tel' : undefined}
            autoCapitalize={field === 'dlNo' ? 'characters' : undefined}
            maxLength={cardFieldMax[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        ))}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-blood`} className="text-base font-medium text-stone-800">
            {t('form.bloodGroup')}
          </label>
          <select
            id={`${id}-blood`}
            value={fields.bloodGroup}
            aria-invalid={flagged('bloodGroup') || undefined}
            onChange={(event) => set('bloodGroup', event.target.value)}
            className={selectClass('bloodGroup')}
          >
            <option value="">{t('form.bloodGroupChoose')}</option>
            {bloodGroups.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('form.dob')}
          type="date"
          max={today()}
          value={fields.dob}
          error={invalid('dob')}
          onChange={(event) => set('dob', event.target.value)}
        />
        <TextArea
          label={t('form.memberAddress')}
          value={fields.memberAddress}
          maxLength={cardFieldMax.memberAddress}
          aria-invalid={flagged('memberAddress') || undefined}
          onChange={(event) => set('memberAddress', event.target.value)}
        />
        <FilePicker
          legend={t('form.photo')}
          sources={cameraOrGallery(
            { camera: t('form.camera'), gallery: t('form.gallery') },
            'user',
          )}
          onPick={picked}
        >
          {preview && (
            <img
              src={preview}
              alt={t('form.photoAlt')}
              className="h-28 w-22 rounded-lg border-2 border-brand object-cover"
            />
          )}
        </FilePicker>
        {error && (
          <p role="alert" className="text-base font-medium text-red-700">
            {error}
          </p>
        )}
        <Button type="submit" loading={apply.isPending}>
          {apply.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t('form.cancel')}
        </Button>
      </form>
    </Modal>
  );
}
