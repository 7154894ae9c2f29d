import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { businessCategories, businessInput, type AdminBusiness } from '@saathi/contract';
import { answerText, errorText, issueText } from '../../../api/errorText';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { showToast } from '../../../ui/toastStore';
import { categoryLabel } from '../../directory';
import { DialogActions } from '../DialogActions';
import { useSaveBusiness } from './contentApi';

/** The names come first, then the category, then how to reach the business. */
const nameFields = ['name', 'nameHi'] as const;
const contactFields = ['phone', 'email', 'address', 'description'] as const;
type Field = (typeof nameFields)[number] | (typeof contactFields)[number];

/** Add or change a business partner; the contract's rules check it before it is sent. */
export function BusinessForm({
  business,
  onClose,
}: {
  business: AdminBusiness | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-content');
  const { t: tDirectory } = useTranslation('directory');
  const save = useSaveBusiness();
  const [values, setValues] = useState<Record<Field, string>>({
    name: business?.name ?? '',
    nameHi: business?.nameHi ?? '',
    phone: business?.phone ?? '',
    email: business?.email ?? '',
    address: business?.address ?? '',
    description: business?.description ?? '',
  });
  // A text saved before the list existed is not offered: the team picks one from the list.
  const [category, setCategory] = useState(
    (businessCategories as readonly string[]).includes(business?.category ?? '')
      ? (business?.category ?? '')
      : '',
  );
  const [status, setStatus] = useState(business?.status ?? 'active');
  const [position, setPosition] = useState(String(business?.position ?? 0));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = businessInput.safeParse({
      ...values,
      category,
      status,
      position: Number(position),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        next[key] ??= issueText(issue);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(
      { id: business?._id ?? null, body: parsed.data },
      {
        onSuccess: (answer) => {
          showToast('success', answerText(answer));
          onClose();
        },
      },
    );
  };

  const textField = (field: Field) => (
    <TextField
      key={field}
      label={t(`business.${field}`)}
      lang={field === 'nameHi' ? 'hi' : undefined}
      hint={field === 'nameHi' ? t('business.nameHiHint') : undefined}
      value={values[field]}
      type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
      error={errors[field]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [field]: e.target.value }));
        setErrors((v) => ({ ...v, [field]: undefined }));
      }}
    />
  );

  return (
    <Modal title={business ? t('business.edit') : t('business.add')} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {nameFields.map(textField)}
        <label className="flex flex-col gap-1 font-medium">
          {t('business.category')}
          <select
            value={category}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={errors.category ? 'business-category-error' : undefined}
            onChange={(e) => {
              setCategory(e.target.value);
              setErrors((v) => ({ ...v, category: undefined }));
            }}
            className="min-h-12 rounded-xl border-2 border-stone-300 bg-white px-3"
          >
            <option value="">{t('business.chooseCategory')}</option>
            {businessCategories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c, tDirectory)}
              </option>
            ))}
          </select>
          {errors.category && (
            <span id="business-category-error" className="text-red-700">
              {errors.category}
            </span>
          )}
        </label>
        {contactFields.map(textField)}
        <label className="flex flex-col gap-1 font-medium">
          {t('business.status')}
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value === 'inactive' ? 'inactive' : 'active')}
            className="min-h-12 rounded-xl border-2 border-stone-300 bg-white px-3"
          >
            <option value="active">{t('business.active')}</option>
            <option value="inactive">{t('business.inactive')}</option>
          </select>
        </label>
        <TextField
          label={t('business.position')}
          hint={t('business.positionHint')}
          inputMode="numeric"
          value={position}
          error={errors.position}
          onChange={(e) => setPosition(e.target.value)}
        />
        <DialogActions
          confirm={t('save')}
          busy={save.isPending}
          error={save.error ? errorText(save.error, 'admin-content:saveFailed') : null}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
