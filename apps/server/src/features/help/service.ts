import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import { helpLimits, said, type HelpQueueFilter } from '@saathi/contract';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { Conflict, HttpError, NotFound } from '../../http/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { adminChannel, announceAttention } from '../../console/attention.js';
import { recordAudit } from '../../console/audit.js';
import type { Notifier } from '../notifications/index.js';
import { presentHelpRequest, presentNote } from './present.js';
import {
  activeAdminIds,
  claimOpenHelpRequest,
  helpNotes,
  helpRequestById,
  helpRequestIdByKey,
  helpRequestPage,
  insertHelpNote,
  insertHelpRequest,
  keepHelpRequestKey,
  lockUserHelpRequests,
  mergeRepeatHelpRequest,
  resolveHelpRequest,
} from './queries.js';

export interface NewHelpRequest {
  location: string;
  helpnumber: string;
  latitude?: number | null;
  longitude?: number | null;
  contactName: string;
  source: 'help' | 'team' | 'sos';
  clientRequestId?: string;
}

export function createHelpService(deps: {
  db: Db;
  hub: Hub;
  limiter: RateLimiter;
  notifier: Notifier;
  log: Logger;
}) {
  const { db, hub } = deps;

  async function viewOf(id: string) {
    const row = await helpRequestById(db, id);
    if (!row) throw NotFound('help_request_not_found');
    return presentHelpRequest(row);
  }

  /**
   * Every open console sees the change at once; a hub failure (Redis down or stalled: the hub
   * times out) must not undo the action. The request is stored and the console's list shows it.
   */
  async function tellAdmins(id: string) {
    const view = await viewOf(id);
    try {
      await hub.publish(adminChannel, 'help_request', view);
      await announceAttention(db, hub);
    } catch (err) {
      deps.log.warn({ err }, 'help request not published to admins');
    }
    return view;
  }

  return {
    async send(viewer: Viewer, input: NewHelpRequest) {
      const key = input.clientRequestId;
      const sent = (id: string) => ({ success: true as const, ...said('help_sent'), id });
      // A phone retrying a request it could not confirm: answered, never counted or told again.
      const known = key && (await helpRequestIdByKey(db, viewer.user.id, key));
      if (known) return sent(known);
      // A panicking driver taps twice, so a few in a row are fine; SOS is never refused. That
      // and the replays above not counting keep this limit here rather than in the contract.
      if (input.source !== 'sos') {
        const wait = await deps.limiter.hit(
          `help:${viewer.user.id}`,
          helpLimits.requestsPerWindow,
          helpLimits.windowSeconds,
        );
        if (wait > 0) throw new HttpError(429, 'help_too_many', undefined, { retryAfter: wait });
      }
      const request = {
        userId: viewer.user.id,
        location: input.location,
        latitude: input.latitude ?? null,
        longitude: input.longitude ?? null,
        helpnumber: input.helpnumber,
        contactName: input.contactName,
        source: input.source,
      };
      const since = new Date(Date.now() - helpLimits.repeatWindowSeconds * 1000);
      const { id, repeated, replayed } = await db.transaction(async (tx) => {
        await lockUserHelpRequests(tx, viewer.user.id);
        // The same key may have arrived meanwhile (two sends of one queued request at once).
        const made = key && (await helpRequestIdByKey(tx, viewer.user.id, key));
        if (made) return { id: made, repeated: false, replayed: true };
        const merged = await mergeRepeatHelpRequest(tx, request, since);
        const fresh = merged ?? randomUUID();
        if (!merged) await insertHelpRequest(tx, { id: fresh, ...request });
        const kept = key
          ? await keepHelpRequestKey(tx, {
              userId: viewer.user.id,
              clientRequestId: key,
              requestId: fresh,
            })
          : fresh;
        return { id: kept, repeated: merged !== undefined, replayed: false };
      });
      if (replayed) return sent(id);
      // A repeat reaches every open console again (its count went up: it is urgent), but
      // stays one item in the queue and one notification per admin.
      await tellAdmins(id);
      if (repeated) return sent(id);
      const admins = await activeAdminIds(db);
      await Promise.all(
        admins.map((adminId) =>
          deps.notifier.notify({
            userId: adminId,
            kind: 'help_request',
            actorId: viewer.user.id,
            text: input.location,
            link: '/admin/help',
            dedupeKey: `help_request:${id}`,
          }),
        ),
      );
      return sent(id);
    },

    async list(query: { status: HelpQueueFilter; cursor?: string; limit: number }) {
      const rows = await helpRequestPage(db, {
        filter: query.status,
        cursor: decodeCursor(query.cursor),
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true as const,
        requests: page.map(presentHelpRequest),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.at, id: last.request.id })
            : null,
      };
    },

    async get(id: string) {
      const request = await viewOf(id);
      const notes = await helpNotes(db, id);
      return { success: true as const, request, notes: notes.map(presentNote) };
    },

    async claim(viewer: Viewer, id: string) {
      const current = await viewOf(id);
      if (current.status === 'resolved') throw Conflict('help_already_resolved');
      if (current.status === 'claimed') {
        if (current.claimedBy?._id === viewer.user.id)
          return { success: true as const, request: current };
        throw Conflict('help_already_claimed');
      }
      await db.transaction(async (tx) => {
        if (!(await claimOpenHelpRequest(tx, id, viewer.user.id))) {
          throw Conflict('help_already_claimed');
        }
        await recordAudit(tx, viewer, {
          action: 'help.claimed',
          targetType: 'help_request',
          targetId: id,
        });
      });
      return { success: true as const, request: await tellAdmins(id) };
    },

    async addNote(viewer: Viewer, id: string, text: string) {
      await viewOf(id);
      const note = await db.transaction(async (tx) => {
        const row = await insertHelpNote(tx, {
          id: randomUUID(),
          requestId: id,
          authorId: viewer.user.id,
          text,
        });
        // The note itself stays out of the log: it may repeat what the driver said.
        await recordAudit(tx, viewer, {
          action: 'help.noted',
          targetType: 'help_request',
          targetId: id,
          details: { noteId: row.id },
        });
        return row;
      });
      return {
        success: true as const,
        request: await tellAdmins(id),
        note: presentNote({ note, author: { id: viewer.user.id, name: viewer.user.name } }),
      };
    },

    async resolve(viewer: Viewer, id: string, answer: string) {
      const current = await viewOf(id);
      if (current.status === 'resolved') throw Conflict('help_already_resolved');
      await db.transaction(async (tx) => {
        if (!(await resolveHelpRequest(tx, id, viewer.user.id, answer))) {
          throw Conflict('help_already_resolved');
        }
        await recordAudit(tx, viewer, {
          action: 'help.resolved',
          targetType: 'help_request',
          targetId: id,
          reason: answer,
        });
      });
      await deps.notifier.notify({
        userId: current.user._id,
        kind: 'help_answered',
        text: answer,
        link: '/help',
        dedupeKey: `help_answered:${id}`,
      });
      return { success: true as const, request: await tellAdmins(id) };
    },
  };
}

export type HelpService = ReturnType<typeof createHelpService>;
