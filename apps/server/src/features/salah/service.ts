import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { setRemindSalah } from './queries.js';

export function createSalahService(deps: { db: Db }) {
  return {
    async update(viewer: Viewer, remindSalah: 'on' | 'off') {
      await setRemindSalah(deps.db, viewer.user.id, remindSalah === 'on');
      return { success: true as const, remindSalah };
    },
  };
}

export type SalahService = ReturnType<typeof createSalahService>;
