import { randomUUID } from 'node:crypto';
import type { Logger } from '../../log.js';
import {
  messages,
  said,
  type AdminBusiness,
  type AdminSafetyCaution,
  type Business,
  type businessInput,
  type SafetyCaution,
  type safetyFields,
} from '@saathi/contract';
import type { z } from 'zod';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { NotFound } from '../../http/errors.js';
import type { CheckedUpload, UploadTarget } from '../../media/checked-upload.js';
import type { JobQueue } from '../../jobs/queue.js';
import { mediaUrl } from '../../storage/media-url.js';
import { deleteQuietly, type Storage } from '../../storage/storage.js';
import { recordAudit } from '../../console/audit.js';
import { PROCESS_CAUTION_QUEUE, cautionFiles, posterKeyOf } from './caution-media.js';
import {
  allSafetyCautions,
  deleteBusiness,
  deleteCaution,
  insertBusiness,
  insertCaution,
  latestSafetyCautions,
  listBusinesses,
  markCautionFailed,
  updateBusiness,
  updateCautionNote,
  type BusinessRow,
  type SafetyCautionRow,
} from './queries.js';

/** The page has no paging in the spec; a cap keeps the answer small on a cheap phone's data. */
export const SAFETY_CAUTION_LIMIT = 100;
/** The console lists more than the public page, so a processing or failed one is never lost. */
const ADMIN_CAUTION_LIMIT = 300;

type BusinessFields = z.output<typeof businessInput>;

const presentBusiness = (row: BusinessRow): Business => ({
  _id: row.id,
  name: row.name,
  nameHi: row.nameHi,
  description: row.description,
  address: row.address,
  phone: row.phone,
  email: row.email,
  status: row.status,
  category: row.category,
});

const presentAdminBusiness = (row: BusinessRow): AdminBusiness => ({
  ...presentBusiness(row),
  position: row.position,
  createdAt: row.createdAt.toISOString(),
});

const presentCaution = (row: SafetyCautionRow): SafetyCaution => {
  const poster = posterKeyOf(row);
  return {
    _id: row.id,
    image: row.imageKey ? mediaUrl(row.imageKey) : null,
    video: row.videoKey ? mediaUrl(row.videoKey) : null,
    poster: poster ? mediaUrl(poster) : null,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
};

const presentAdminCaution = (row: SafetyCautionRow): AdminSafetyCaution => ({
  ...presentCaution(row),
  status: row.status,
  failureReason: row.failureReason,
});

export function createDirectoryService(deps: {
  db: Db;
  storage: Storage;
  jobs: JobQueue;
  log: Logger;
}) {
  const { db } = deps;

  return {
    async businesses() {
      const rows = await listBusinesses(db);
      return { success: true as const, data: { data: rows.map(presentBusiness) } };
    },

    async safetyCautions() {
      const rows = await latestSafetyCautions(db, SAFETY_CAUTION_LIMIT);
      return { success: true as const, data: rows.map(presentCaution) };
    },

    async adminBusinesses() {
      const rows = await listBusinesses(db);
      return { success: true as const, businesses: rows.map(presentAdminBusiness) };
    },

    async createBusiness(fields: BusinessFields, viewer: Viewer) {
      const row = await db.transaction(async (tx) => {
        const created = await insertBusiness(tx, { id: randomUUID(), ...fields });
        await recordAudit(tx, viewer, {
          action: 'business.created',
          targetType: 'business',
          targetId: created.id,
          details: { name: created.name },
        });
        return created;
      });
      return {
        success: true as const,
        ...said('business_saved'),
        business: presentAdminBusiness(row),
      };
    },

    async updateBusiness(id: string, fields: BusinessFields, viewer: Viewer) {
      const row = await db.transaction(async (tx) => {
        const updated = await updateBusiness(tx, id, fields);
        if (!updated) throw NotFound('business_not_found');
        await recordAudit(tx, viewer, {
          action: 'business.updated',
          targetType: 'business',
          targetId: id,
          details: { name: updated.name, status: updated.status },
        });
        return updated;
      });
      return {
        success: true as const,
        ...said('business_saved'),
        business: presentAdminBusiness(row),
      };
    },

    async deleteBusiness(id: string, viewer: Viewer) {
      await db.transaction(async (tx) => {
        const deleted = await deleteBusiness(tx, id);
        if (!deleted) throw NotFound('business_not_found');
        await recordAudit(tx, viewer, {
          action: 'business.deleted',
          targetType: 'business',
          targetId: id,
          details: { name: deleted.name },
        });
      });
      return { success: true as const, ...said('business_deleted') };
    },

    async adminSafety() {
      const rows = await allSafetyCautions(db, ADMIN_CAUTION_LIMIT);
      return { success: true as const, cautions: rows.map(presentAdminCaution) };
    },

    /** A caution's files wait in uploads/safety/<caution id>/ until processed. */
    cautionUploads: {
      storage: deps.storage,
      folder: (id) => `uploads/safety/${id}`,
    } satisfies UploadTarget,

    /**
     * Files arrive in uploads/safety/<id>/ through the post checks; the row ('processing')
     * and its audit entry are written together, then the job queued.
     */
    async createSafety(viewer: Viewer, upload: CheckedUpload<z.output<typeof safetyFields>>) {
      const { id } = upload;
      const image = upload.files.find((f) => f.field === 'image');
      const video = upload.files.find((f) => f.field === 'video');
      const row = await db.transaction(async (tx) => {
        const created = await insertCaution(tx, {
          id,
          note: upload.fields.note,
          status: 'processing',
          rawImageKey: image?.key ?? null,
          rawVideoKey: video?.key ?? null,
        });
        await recordAudit(tx, viewer, {
          action: 'safety.created',
          targetType: 'safety_caution',
          targetId: id,
          details: { image: Boolean(image), video: Boolean(video) },
        });
        return created;
      });
      upload.keep();
      try {
        await deps.jobs.send(PROCESS_CAUTION_QUEUE, { cautionId: id });
      } catch (err) {
        // The upload is safe in storage; the console shows the failure and the team re-adds it.
        deps.log.error({ err, cautionId: id }, 'could not queue safety caution processing');
        await markCautionFailed(db, id, messages.processing_failed);
      }
      return {
        success: true as const,
        ...said('safety_saved'),
        caution: presentAdminCaution(row),
      };
    },

    async updateSafety(id: string, note: string, viewer: Viewer) {
      const row = await db.transaction(async (tx) => {
        const updated = await updateCautionNote(tx, id, note);
        if (!updated) throw NotFound('safety_not_found');
        await recordAudit(tx, viewer, {
          action: 'safety.updated',
          targetType: 'safety_caution',
          targetId: id,
        });
        return updated;
      });
      return {
        success: true as const,
        ...said('safety_saved'),
        caution: presentAdminCaution(row),
      };
    },

    /** The row and its audit entry go together; then every file it had, raw or processed. */
    async deleteSafety(id: string, viewer: Viewer) {
      const deleted = await db.transaction(async (tx) => {
        const row = await deleteCaution(tx, id);
        if (!row) throw NotFound('safety_not_found');
        await recordAudit(tx, viewer, {
          action: 'safety.deleted',
          targetType: 'safety_caution',
          targetId: id,
          details: { note: row.note.slice(0, 120) },
        });
        return row;
      });
      await deleteQuietly(deps.storage, cautionFiles(deleted), deps.log);
      return { success: true as const, ...said('safety_deleted') };
    },
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
