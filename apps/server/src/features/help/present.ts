import type { HelpNote, HelpRequestView, TeamContact } from '@saathi/contract';
import type { HelpNoteRow, HelpRequestWithPeople } from './queries.js';
import type { TeamContactRow } from './team.queries.js';

const person = (p: { id: string | null; name: string | null } | null) =>
  p?.id && p.name !== null ? { _id: p.id, name: p.name } : null;

/** The admin view: the driver's number is here because only admins ever receive it. */
export function presentHelpRequest(row: HelpRequestWithPeople): HelpRequestView {
  const r = row.request;
  return {
    _id: r.id,
    user: { _id: row.driver.id, name: row.driver.name, number: row.driver.phone },
    helpnumber: r.helpnumber,
    contactName: r.contactName,
    location: r.location,
    latitude: r.latitude,
    longitude: r.longitude,
    source: r.source,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    claimedBy: person(row.claimer),
    claimedAt: r.claimedAt?.toISOString() ?? null,
    resolvedBy: person(row.resolver),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    answer: r.answer,
    repeatCount: r.repeatCount,
    lastRequestedAt: r.lastRequestedAt.toISOString(),
  };
}

export function presentNote(row: {
  note: HelpNoteRow;
  author: { id: string; name: string } | null;
}): HelpNote {
  return {
    _id: row.note.id,
    text: row.note.text,
    author: row.author ? { _id: row.author.id, name: row.author.name } : null,
    createdAt: row.note.createdAt.toISOString(),
  };
}

export const presentTeamContact = (row: TeamContactRow): TeamContact => ({
  _id: row.id,
  name: row.name,
  nameHi: row.nameHi,
  number: row.number,
  position: row.position,
});
