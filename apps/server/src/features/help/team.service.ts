import { randomUUID } from 'node:crypto';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import { recordAudit } from '../../console/audit.js';
import { presentTeamContact } from './present.js';
import {
  deleteTeamContact,
  insertTeamContact,
  listTeamContacts,
  updateTeamContact,
} from './team.queries.js';

interface ContactInput {
  name: string;
  nameHi: string | null;
  number: string;
  position: number;
}

/** The Call Our Team entries: configuration admins change, every change audited. */
export function createTeamService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async list() {
      const rows = await listTeamContacts(db);
      return { success: true as const, contacts: rows.map(presentTeamContact) };
    },

    async create(viewer: Viewer, input: ContactInput) {
      const contact = await db.transaction(async (tx) => {
        const row = await insertTeamContact(tx, { id: randomUUID(), ...input });
        await recordAudit(tx, viewer, {
          action: 'team_contact.created',
          targetType: 'team_contact',
          targetId: row.id,
          details: { name: row.name, number: row.number },
        });
        return row;
      });
      return { success: true as const, contact: presentTeamContact(contact) };
    },

    async update(viewer: Viewer, id: string, input: ContactInput) {
      const contact = await db.transaction(async (tx) => {
        const row = await updateTeamContact(tx, id, input);
        if (!row) throw NotFound('team_contact_not_found');
        await recordAudit(tx, viewer, {
          action: 'team_contact.updated',
          targetType: 'team_contact',
          targetId: id,
          details: { name: row.name, number: row.number, position: row.position },
        });
        return row;
      });
      return { success: true as const, contact: presentTeamContact(contact) };
    },

    async remove(viewer: Viewer, id: string) {
      await db.transaction(async (tx) => {
        const row = await deleteTeamContact(tx, id);
        if (!row) throw NotFound('team_contact_not_found');
        await recordAudit(tx, viewer, {
          action: 'team_contact.deleted',
          targetType: 'team_contact',
          targetId: id,
          details: { name: row.name, number: row.number },
        });
      });
      return { success: true as const };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
