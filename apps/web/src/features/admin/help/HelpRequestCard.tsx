import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPin, Phone } from 'lucide-react';
import { helpLimits, type HelpRequestView } from '@saathi/contract';
import { Button } from '../../../ui/Button';
import { TimeAgo } from '../../../ui/TimeAgo';
import { Badge } from '../../../ui/Badge';
import { TextArea } from '../../../ui/TextArea';
import { formatCoords, mapsLink, telLink } from '../../help';
import { useHelpActions, useHelpDetail } from './adminHelpApi';

const statusTone = { open: 'red', claimed: 'amber', resolved: 'green' } as const;

function TextForm({
  label,
  submit,
  pending,
  onSubmit,
}: {
  label: string;
  submit: string;
  pending: boolean;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [text, setText] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(text).then(
      () => setText(''),
      () => undefined,
    );
  };
  return (
    <form onSubmit={send} className="flex flex-col gap-1">
      <TextArea
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={2}
        maxLength={helpLimits.textMax}
      />
      <Button type="submit" variant="secondary" loading={pending} disabled={pending}>
        {submit}
      </Button>
    </form>
  );
}

/** One request in the queue: who, where, which number, and the team's actions. */
export function HelpRequestCard({ request }: { request: HelpRequestView }) {
  const { t } = useTranslation('adminHelp');
  const [open, setOpen] = useState(false);
  const detail = useHelpDetail(request._id, open);
  const actions = useHelpActions(request._id);

  return (
    <li
      data-testid="help-request"
      className={`flex flex-col gap-2 rounded-xl border-2 bg-white p-3 ${request.source === 'sos' ? 'border-red-500' : 'border-stone-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[request.status]}>{t(`status.${request.status}`)}</Badge>
        <Badge tone="grey">{t(`source.${request.source}`)}</Badge>
        {request.repeatCount > 1 && (
          <Badge tone="alarm">
            <span aria-hidden>{t('repeatCount', { n: request.repeatCount })}</span>
            <span className="sr-only">{t('repeatedTimes', { count: request.repeatCount })}</span>
          </Badge>
        )}
        <TimeAgo value={request.createdAt} className="ml-auto text-sm text-stone-700" />
      </div>
      <p className="text-lg font-bold">{request.user.name}</p>
      <a
        href={telLink(request.user.number)}
        className="flex min-h-11 items-center gap-2 font-semibold text-emerald-800 underline"
      >
        <Phone aria-hidden className="size-4" />
        {request.user.number}
      </a>
      <p>
        <span className="font-semibold">{t('chose')}: </span>
        {request.helpnumber
          ? `${request.contactName || t('noName')} · ${request.helpnumber}`
          : t('noNumber')}
      </p>
      <p className="flex items-start gap-2">
        <MapPin aria-hidden className="mt-1 size-4 shrink-0 text-red-600" />
        <span>
          {request.location}
          {request.latitude !== null && request.longitude !== null && (
            <a
              href={mapsLink({ latitude: request.latitude, longitude: request.longitude })}
              target="_blank"
              rel="noreferrer"
              className="block font-semibold text-emerald-800 underline"
            >
              {t('map')} (
              {formatCoords({ latitude: request.latitude, longitude: request.longitude })})
            </a>
          )}
        </span>
      </p>
      {request.claimedBy && (
        <p className="text-sm text-stone-700">{t('claimedBy', { name: request.claimedBy.name })}</p>
      )}
      {request.status === 'resolved' && (
        <p className="rounded-lg bg-emerald-50 p-2">
          <span className="font-semibold">
            {t('answeredBy', { name: request.resolvedBy?.name ?? t('formerAdmin') })}:{' '}
          </span>
          {request.answer}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {request.status === 'open' && (
          <Button
            loading={actions.claim.isPending}
            disabled={actions.claim.isPending}
            onClick={() => actions.claim.mutate()}
          >
            {t('claim')}
          </Button>
        )}
        <Button variant="ghost" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('hideDetails') : t('details')}
        </Button>
      </div>
      {open && (
        <div className="flex flex-col gap-3 border-t border-stone-200 pt-2">
          <section aria-label={t('notes')}>
            <h3 className="font-bold">{t('notes')}</h3>
            {detail.data?.notes.length === 0 && <p className="text-stone-600">{t('noNotes')}</p>}
            <ul className="flex flex-col gap-1">
              {detail.data?.notes.map((note) => (
                <li key={note._id} className="rounded-lg bg-stone-50 p-2">
                  <span className="font-semibold">{note.author?.name ?? t('formerAdmin')}: </span>
                  {note.text}
                </li>
              ))}
            </ul>
          </section>
          <TextForm
            label={t('addNote')}
            submit={t('saveNote')}
            pending={actions.note.isPending}
            onSubmit={(text) => actions.note.mutateAsync(text)}
          />
          {request.status !== 'resolved' && (
            <TextForm
              label={t('answer')}
              submit={t('resolve')}
              pending={actions.resolve.isPending}
              onSubmit={(text) => actions.resolve.mutateAsync(text)}
            />
          )}
        </div>
      )}
    </li>
  );
}
