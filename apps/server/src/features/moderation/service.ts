import { said, type ReportedPost } from '@saathi/contract';
import type { Logger } from '../../log.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { Forbidden, NotFound } from '../../http/errors.js';
import type { Hub } from '../../realtime/hub.js';
import { announceAttention } from '../../console/attention.js';
import { recordAudit } from '../../console/audit.js';
import { announceAccessChanged } from '../../auth/account-events.js';
import { blockAccount, isBlockedLocked } from '../auth/index.js';
import type { PostService, PostWithAuthor } from '../feed/index.js';
import type { Notifier } from '../notifications/index.js';
import { openReportGroups, openReportsOf, resolveOpenReports } from './queries.js';
import { decodeQueueCursor, encodeQueueCursor } from './queue-cursor.js';

export interface PostModerationDeps {
  db: Db;
  posts: PostService;
  notifier: Notifier;
  hub: Hub;
  log: Logger;
}

/**
 * The reports queue and what admins do with a reported post. Every removal of a post goes
 * through `removal` here (the author's delete too), so open reports never outlive their post.
 */
export function createPostModerationService(deps: PostModerationDeps) {
  const { db } = deps;

  /** After the change is committed: reporters learn the outcome, admins the new counts. */
  async function afterResolution(
    postId: string,
    reporterIds: string[],
    outcome: 'report_dismissed' | 'report_removed',
  ) {
    if (reporterIds.length === 0) return;
    for (const userId of new Set(reporterIds)) {
      try {
        await deps.notifier.notify({
          userId,
          kind: 'report_outcome',
          postId,
          notice: outcome,
        });
      } catch (err) {
        // The decision stands; a failed notice must not turn it into an error.
        deps.log.error({ err, postId }, 'report outcome notification failed');
      }
    }
    try {
      await announceAttention(db, deps.hub);
    } catch (err) {
      deps.log.error({ err }, 'announcing attention counts failed');
    }
  }

  async function existing(postId: string): Promise<PostWithAuthor> {
    const row = await deps.posts.find(postId);
    if (!row) throw NotFound('post_not_found');
    return row;
  }

  /**
   * Removes the post (row and files) and actions its open reports in one transaction with
   * the audit entry; `block` also blocks the author with the same reason, unless the author
   * is blocked already (that block, its reason and time stay). Answers whether it blocked.
   */
  async function removal(
    row: PostWithAuthor,
    viewer: Viewer,
    opts: { reason: string | null; block: boolean; audit: boolean },
  ): Promise<boolean> {
    if (opts.block && row.author.usertype === 'admin') throw Forbidden('cannot_block_admin');
    const postId = row.post.id;
    const authorId = row.author.id;
    let reporterIds: string[] = [];
    let blocked = false;
    await deps.posts.removeWith(postId, viewer.user.id, async (tx) => {
      reporterIds = await resolveOpenReports(tx, postId, {
        status: 'actioned',
        by: viewer.user.id,
        note: opts.reason,
      });
      if (opts.block && opts.reason && !(await isBlockedLocked(tx, authorId))) {
        blocked = true;
        await blockAccount(tx, authorId, opts.reason);
        await recordAudit(tx, viewer, {
          action: 'user.blocked',
          targetType: 'user',
          targetId: authorId,
          reason: opts.reason,
          details: { postId },
        });
      }
      if (opts.audit) {
        await recordAudit(tx, viewer, {
          action: 'post.removed',
          targetType: 'post',
          targetId: postId,
          reason: opts.reason,
          details: { authorId, reports: reporterIds.length, authorBlocked: blocked },
        });
      }
    });
    if (blocked) {
      // The block is committed and its sessions revoked; a lost event must not undo the answer.
      await announceAccessChanged(deps.hub, authorId).catch((err: unknown) =>
        deps.log.error({ err, authorId }, 'announcing the block failed'),
      );
    }
    await afterResolution(postId, reporterIds, 'report_removed');
    return blocked;
  }

  return {
    async queue(query: { cursor?: string; limit: number }) {
      const cursor = decodeQueueCursor(query.cursor);
      const groups = await openReportGroups(db, { cursor, limit: query.limit + 1 });
      const page = groups.slice(0, query.limit);
      const ids = page.map((g) => g.postId);
      const [products, reports] = await Promise.all([
        deps.posts.productsByIds(ids),
        openReportsOf(db, ids),
      ]);
      const items: ReportedPost[] = [];
      for (const group of page) {
        const post = products.get(group.postId);
        if (!post) continue;
        items.push({
          post,
          reportCount: group.count,
          firstReportedAt: group.oldest,
          authorBlocked: group.authorBlocked,
          reports: reports
            .filter((r) => r.postId === group.postId)
            .map((r) => ({
              _id: r.id,
              reason: r.reason,
              createdAt: r.createdAt.toISOString(),
              reporter: { _id: r.reporterId, name: r.reporterName },
            })),
        });
      }
      const last = page.at(-1);
      return {
        success: true as const,
        items,
        nextCursor: groups.length > query.limit && last ? encodeQueueCursor(last) : null,
      };
    },

    async dismiss(postId: string, note: string | undefined, viewer: Viewer) {
      // The contract already turns an empty note into none.
      const reason = note ?? null;
      const reporterIds = await db.transaction(async (tx) => {
        const ids = await resolveOpenReports(tx, postId, {
          status: 'dismissed',
          by: viewer.user.id,
          note: reason,
        });
        if (ids.length === 0) throw NotFound('report_none_open');
        await recordAudit(tx, viewer, {
          action: 'reports.dismissed',
          targetType: 'post',
          targetId: postId,
          reason,
          details: { reports: ids.length },
        });
        return ids;
      });
      await afterResolution(postId, reporterIds, 'report_dismissed');
      return { success: true as const, ...said('reports_dismissed') };
    },

    async remove(postId: string, reason: string, viewer: Viewer, block: boolean) {
      const blocked = await removal(await existing(postId), viewer, {
        reason,
        block,
        audit: true,
      });
      return {
        success: true as const,
        ...said(blocked ? 'post_removed_author_blocked' : 'post_removed'),
      };
    },

    /**
     * DELETE /api/v1/admin/product/:videoId: the author, or an admin (audited, as a removal
     * without a written reason). Checked before anything is written.
     */
    async deleteCall(postId: string, viewer: Viewer) {
      const row = await existing(postId);
      const own = row.post.userId === viewer.user.id;
      if (!own && viewer.user.usertype !== 'admin') throw Forbidden('not_post_owner');
      await removal(row, viewer, { reason: null, block: false, audit: !own });
      return { success: true as const, ...said('video_deleted') };
    },
  };
}

export type PostModerationService = ReturnType<typeof createPostModerationService>;
