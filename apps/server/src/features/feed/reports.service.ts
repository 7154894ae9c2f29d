import { randomUUID } from 'node:crypto';
import { rateLimits, said } from '@saathi/contract';
import type { RateLimiter } from '../../auth/rate-limiter.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Conflict, HttpError, NotFound } from '../../http/errors.js';
import { findVisiblePost } from './posts.queries.js';
import { insertReport } from './reports.queries.js';

export function createReportService(deps: {
  db: Db;
  limiter: RateLimiter;
  /** The console's open-reports count goes up. */
  attentionChanged: () => Promise<void>;
}) {
  return {
    /** The reporter is the caller; a reporterId in the body is ignored. */
    async create(body: { videoId: string; reason: string }, viewer: Viewer) {
      if (!(await findVisiblePost(deps.db, body.videoId))) throw NotFound('post_not_found');
      const wait = await deps.limiter.hit(
        `reports:user:${viewer.user.id}`,
        rateLimits.reportsPerHour,
        3600,
      );
      if (wait > 0) throw new HttpError(429, 'too_many_attempts', undefined, { retryAfter: wait });
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
