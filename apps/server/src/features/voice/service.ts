import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import { limits, messages, said } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { Forbidden, Invalid, NotFound } from '../../http/errors.js';
import {
  requiredFile,
  type CheckedUpload,
  type ReceivedFile,
  type UploadTarget,
} from '../../media/checked-upload.js';
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

/** What a note is sent as: the recording itself (checked and stored), or a finished upload. */
type SentNote = CheckedUpload<{ name?: string }> | FromUpload;

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
   * Writes the note ('processing') for a recording already in uploads/voice/<id>/;
   * `within` runs in the same transaction (consuming a resumable upload).
   */
  async function writeNote(
    viewer: Viewer,
    kind: VoiceKind,
    note: { id: string; name?: string; file: ReceivedFile },
    within: (tx: Db) => Promise<void> = async () => undefined,
  ) {
    const { file } = note;
    if (file.bytes < limits.voiceMinBytes) throw Invalid('voice_too_short');
    await db.transaction(async (tx) => {
      await insertNote(tx, {
        id: note.id,
        userId: viewer.user.id,
        kind,
        name: kind === 'audio' ? (note.name ?? '') : '',
        rawKey: file.key,
        status: 'processing',
        bytes: file.bytes,
      });
      await within(tx);
    });
  }

  /** A finished resumable upload, copied through the checks and consumed with the note. */
  async function attachNote(viewer: Viewer, kind: VoiceKind, sent: FromUpload): Promise<string> {
    const id = randomUUID();
    const attached = await deps.uploads.attach(
      viewer.user.id,
      [{ id: sent.uploadId, purpose: 'voice', field: kind }],
      `uploads/voice/${id}`,
    );
    try {
      await writeNote(
        viewer,
        kind,
        { id, name: sent.name, file: requiredFile(attached.files, kind) },
        attached.take,
      );
    } catch (error) {
      await attached.discard();
      throw error;
    }
    await attached.finish();
    return id;
  }

  /** The recording arrived with the call, checked: the note takes it over once written. */
  async function keepNote(
    viewer: Viewer,
    kind: VoiceKind,
    upload: CheckedUpload<{ name?: string }>,
  ): Promise<string> {
    const { id } = upload;
    await writeNote(viewer, kind, {
      id,
      name: upload.fields.name,
      file: requiredFile(upload.files, kind),
    });
    upload.keep();
    return id;
  }

  /** The note ('processing') is written with its recording, then the job is queued. */
  async function receive(viewer: Viewer, kind: VoiceKind, sent: SentNote): Promise<NoteWithAuthor> {
    const id =
      'uploadId' in sent
        ? await attachNote(viewer, kind, sent)
        : await keepNote(viewer, kind, sent);
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
    /** A recording waits in uploads/voice/<note id>/ until the worker has converted it. */
    recordingUploads: {
      storage: deps.storage,
      folder: (id) => `uploads/voice/${id}`,
    } satisfies UploadTarget,

    async upload(viewer: Viewer, sent: SentNote) {
      const row = await receive(viewer, 'voice', sent);
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

    async uploadAudio(viewer: Viewer, sent: SentNote) {
      const row = await receive(viewer, 'audio', sent);
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
