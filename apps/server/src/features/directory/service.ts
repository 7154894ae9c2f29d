import type { Business, SafetyCaution } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { mediaUrl } from '../../storage/media-url.js';
import {
  latestSafetyCautions,
  listBusinesses,
  type BusinessRow,
  type SafetyCautionRow,
} from './queries.js';

/** The page has no paging in the spec; a cap keeps the answer small on a cheap phone's data. */
export const SAFETY_CAUTION_LIMIT = 100;

const presentBusiness = (row: BusinessRow): Business => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  address: row.address,
  phone: row.phone,
  email: row.email,
  status: row.status,
  category: row.category,
});

const presentCaution = (row: SafetyCautionRow): SafetyCaution => ({
  _id: row.id,
  image: row.imageKey ? mediaUrl(row.imageKey) : null,
  video: row.videoKey ? mediaUrl(row.videoKey) : null,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
});

export function createDirectoryService(deps: { db: Db }) {
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
  };
}

export type DirectoryService = ReturnType<typeof createDirectoryService>;
