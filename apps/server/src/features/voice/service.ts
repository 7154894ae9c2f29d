import { randomUUID } from 'node:crypto';
import type { MultipartBody } from '../../media/receive-upload.js';
import type { Logger } from '../../log.js';
import { audioFields, limits, messages, said } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { Forbidden, Invalid, NotFound, invalidField } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Hub } from '../../realtime/hub.js';
import { deleteQuietly, type Storage } from '../../storage/storage.js';
import { presentAudio, presentNote } from './present.js';
import {
  deleteNote,
  findNote,
  insertNote,
  markNoteFailed,
  notePage,
  type NoteWithAuthor,
  type VoiceKind,
} from './queries.js';
import { receiveVoiceUpload } from './upload.js';
import type { UploadService } from '../uploads/index.js';

export const PROCESS_VOICE_QUEUE = 'voice.process';
/** Everyone on Voice Chat hears of new and deleted notes here. */
export const voiceChannel = 'voice';
/** The owner hears here when their own note or audio is ready or failed. */
export const ownVoiceChannel = (userId: string) => `voice:user:${userId}`;

export interface VoiceServiceDeps {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  hub: Hub;
  log: Logger;
  uploads: UploadService;
}

/** The JSON form of the upload calls: a finished resumable upload (and a recorder name). */
interface FromUpload {
  uploadId: string;
  name?: string;
}

interface PageQuery {
  cursor?: string;
  limit: number;
}

export function createVoiceService(deps: VoiceServiceDeps) {
  const { db } = deps;

  async function page(kind: VoiceKind, viewer: Viewer, query: PageQuery) {
    const rows = await notePage(db, {
      kind,
      viewerId: viewer.user.id,
      cursor: decodeCursor(query.cursor),
      limit: query.limit + 1,
    });
    const items = rows.slice(0, query.limit);
    const last = items.at(-1);
    const nextCursor =
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.at, id: last.note.id })
        : null;
    return { items, nextCursor };
  }

  /**
   * The file streams into uploads/ through the signature and size checks; the row
   * ('processing') is written once it passed, then the job is queued.
   */
  async function receive(
    incoming: MultipartBody,
    viewer: Viewer,
    kind: VoiceKind,
    fromUpload?: FromUpload,
  ): Promise<NoteWithAuthor> {
    const id = randomUUID();
    const field = kind === 'voice' ? 'voice' : 'audio';
    const upload = fromUpload
      ? await deps.uploads.attach(
          viewer.user.id,
          [{ id: fromUpload.uploadId, purpose: 'voice', field }],
          `uploads/voice/${id}`,
        )
      : await receiveVoiceUpload(incoming, deps.storage, id, field);
    try {
      // The name first, as every upload reads its fields before judging its files.
      const fields = audioFields.safeParse(fromUpload ?? ('fields' in upload ? upload.fields : {}));
      if (!fields.success) throw invalidField(fields.error.issues[0]);
      const file = upload.files[0];
      if (!file) throw Invalid('voice_required');
      if (file.bytes < limits.voiceMinBytes) throw Invalid('voice_too_short');
      await db.transaction(async (tx) => {
        await insertNote(tx, {
          id,
          userId: viewer.user.id,
          kind,
          name: kind === 'audio' ? fields.data.name : '',
          rawKey: file.key,
          status: 'processing',
          bytes: file.bytes,
        });
        if ('take' in upload) await upload.take(tx);
      });
    } catch (error) {
      await upload.discard();
      throw error;
    }
    if ('finish' in upload) await upload.finish();
    try {
      await deps.jobs.send(PROCESS_VOICE_QUEUE, { noteId: id });
    } catch (err) {
      // Without a job the note would stay 'processing' for ever: say so now instead.
      deps.log.error({ err, noteId: id }, 'could not queue voice processing');
      await markNoteFailed(db, id, messages.voice_processing_failed);
    }
    const row = await findNote(db, id);
    if (!row) throw NotFound('voice_not_found');
    return row;
  }

  return {
    async upload(incoming: MultipartBody, viewer: Viewer, fromUpload?: FromUpload) {
      const row = await receive(incoming, viewer, 'voice', fromUpload);
      return {
        success: true as const,
        ...said('voice_uploaded'),
        data: presentNote(row.note, row.author),
      };
    },

    async list(viewer: Viewer, query: PageQuery) {
      const { items, nextCursor } = await page('voice', viewer, query);
      return {
        success: true as const,
        notes: items.map((r) => presentNote(r.note, r.author)),
        nextCursor,
      };
    },

    async uploadAudio(incoming: MultipartBody, viewer: Viewer, fromUpload?: FromUpload) {
      const row = await receive(incoming, viewer, 'audio', fromUpload);
      return {
        success: true as const,
        ...said('audio_uploaded'),
        audio: presentAudio(row.note),
      };
    },

    async listAudio(viewer: Viewer, query: PageQuery) {
      const { items, nextCursor } = await page('audio', viewer, query);
      return { success: true as const, audios: items.map((r) => presentAudio(r.note)), nextCursor };
    },

    /** Its owner only; the row and both files (raw and playable) go. */
    async remove(id: string, viewer: Viewer) {
      const row = await findNote(db, id);
      if (!row) throw NotFound('voice_not_found');
      if (row.note.userId !== viewer.user.id) throw Forbidden('voice_not_owner');
      await deleteQuietly(deps.storage, await deleteNote(db, id), deps.log);
      if (row.note.kind === 'voice') {
        await deps.hub
          .publish(voiceChannel, 'removed', { _id: id })
          .catch((err: unknown) => deps.log.error({ err }, 'voice removal not published'));
      }
      return { success: true as const, ...said('voice_deleted') };
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
