import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { helpLimits, type TeamContact } from '@saathi/contract';
import { errorText } from '../../../api/errorText';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { useTeamContacts } from '../../help';
import { LoadFailed } from '../ListStates';
import { Loading } from '../../../ui/ListStates';
import { ConfirmDelete } from '../content/ConfirmDelete';
import { useTeamContactActions, type TeamContactInput } from './adminHelpApi';

function ContactForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TeamContactInput;
  submitLabel: string;
  onSubmit: (input: TeamContactInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('adminHelp');
  const [name, setName] = useState(initial.name);
  const [nameHi, setNameHi] = useState(initial.nameHi ?? '');
  const [number, setNumber] = useState(initial.number);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    onSubmit({ name, nameHi, number, position: initial.position }).then(
      () => {
        setPending(false);
        setError(null);
        if (!onCancel) {
          setName('');
          setNameHi('');
          setNumber('');
        }
      },
      (failure: unknown) => {
        setPending(false);
        setError(errorText(failure, 'adminHelp:failed'));
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <TextField
          label={t('team.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={helpLimits.contactNameMax}
        />
        <TextField
          label={t('team.nameHi')}
          lang="hi"
          value={nameHi}
          onChange={(e) => setNameHi(e.target.value)}
          maxLength={helpLimits.contactNameMax}
        />
        <TextField
          label={t('team.number')}
          type="tel"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          maxLength={24}
        />
      </div>
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={pending} disabled={pending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            {t('team.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

function ContactRow({ contact }: { contact: TeamContact }) {
  const { t } = useTranslation('adminHelp');
  const actions = useTeamContactActions();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing) {
    return (
      <li className="rounded-xl border-2 border-stone-200 p-3">
        <ContactForm
          initial={contact}
          submitLabel={t('team.save')}
          onCancel={() => setEditing(false)}
          onSubmit={(input) =>
            actions.update.mutateAsync({ id: contact._id, ...input }).then(() => setEditing(false))
          }
        />
      </li>
    );
  }
  return (
    <li
      data-testid="team-contact"
      className="flex flex-wrap items-center gap-x-2 rounded-xl border-2 border-stone-200 p-3"
    >
      <span className="flex w-full flex-col sm:w-auto sm:flex-1">
        <span className="font-semibold">{contact.name}</span>
        {contact.nameHi && <span lang="hi">{contact.nameHi}</span>}
        <span className="tabular-nums">{contact.number}</span>
      </span>
      <Button variant="ghost" onClick={() => setEditing(true)}>
        {t('team.edit')}
      </Button>
      <Button variant="ghost" onClick={() => setConfirming(true)}>
        {t('team.delete')}
      </Button>
      {confirming && (
        <ConfirmDelete
          title={t('team.deleteConfirm', { name: contact.name })}
          busy={actions.remove.isPending}
          error={
            actions.remove.isError ? errorText(actions.remove.error, 'adminHelp:failed') : null
          }
          onConfirm={() =>
            actions.remove.mutate(contact._id, { onSuccess: () => setConfirming(false) })
          }
          onClose={() => {
            setConfirming(false);
            actions.remove.reset();
          }}
        />
      )}
    </li>
  );
}

/** The Call Our Team entries drivers see on the Help screen; every change is audited. */
export function TeamNumbersPanel() {
  const { t } = useTranslation('adminHelp');
  const contacts = useTeamContacts();
  const actions = useTeamContactActions();
  const nextPosition = (contacts.data?.at(-1)?.position ?? -1) + 1;
  return (
    <section aria-labelledby="team-title" className="flex flex-col gap-3">
      <h2 id="team-title" className="text-xl font-bold">
        {t('team.title')}
      </h2>
      <p className="text-stone-700">{t('team.hint')}</p>
      {contacts.isPending && <Loading />}
      {contacts.isError && (
        <LoadFailed
          error={contacts.error}
          fallbackKey="admin:loadFailed"
          onRetry={() => void contacts.refetch()}
        />
      )}
      <ul className="flex flex-col gap-2">
        {contacts.data?.map((contact) => (
          <ContactRow key={contact._id} contact={contact} />
        ))}
      </ul>
      <h3 className="font-bold">{t('team.add')}</h3>
      <ContactForm
        initial={{ name: '', nameHi: null, number: '', position: nextPosition }}
        submitLabel={t('team.add')}
        onSubmit={(input) => actions.create.mutateAsync({ ...input, position: nextPosition })}
      />
    </section>
  );
}
