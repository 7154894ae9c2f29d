import { randomUUID } from 'node:crypto';
import { said } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Conflict, NotFound } from '../../http/errors.js';
import { findVisiblePost } from './posts.queries.js';
import { insertReport } from './reports.queries.js';

export function createReportService(deps: {
  db: Db;
  /** The console's open-reports count goes up. */
  attentionChanged: () => Promise<void>;
}) {
  return {
    /** The reporter is the caller; a reporterId in the body is ignored. */
    async create(body: { videoId: string; reason: string }, viewer: Viewer) {
      if (!(await findVisiblePost(deps.db, body.videoId))) throw NotFound('post_not_found');
      const created = await insertReport(deps.db, {
        id: randomUUID(),
        postId: body.videoId,
        reporterId: viewer.user.id,
        reason: body.reason,
      });
      if (!created) throw Conflict('report_duplicate');
      await deps.attentionChanged();
      return { success: true as const, ...said('reported') };
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
