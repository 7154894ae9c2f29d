import { adminLimits, adminUserCalls, callPath, type AdminUserFilter } from '@saathi/contract';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import type { Db } from '../../db/client.js';
import { HttpError, NotFound } from '../../http/errors.js';
import { decryptToBuffer } from '../../storage/encryption.js';
import { mediaUrl } from '../../storage/media-url.js';
import type { Storage } from '../../storage/storage.js';
import { adminDetailOf, adminSummaryOf } from './present-user.js';
import {
  findIdentityDocument,
  findUser,
  identityDocumentsOf,
  postsOf,
  reportsAgainst,
  reportsBy,
  searchUsers,
  type UserReportRow,
} from './users.queries.js';

const presentReport = (r: UserReportRow) => ({
  _id: r.id,
  postId: r.postId,
  reason: r.reason,
  status: r.status,
  person: { _id: r.personId, name: r.personName },
  createdAt: r.createdAt.toISOString(),
});

/** What the console reads about users: the list, a user's page and their identity documents. */
export function createAdminUserService(deps: { db: Db; storage: Storage; fileKey: Buffer }) {
  const { db } = deps;

  return {
    async search(query: { q: string; filter: AdminUserFilter; cursor?: string }) {
      const limit = adminLimits.usersPage;
      const rows = await searchUsers(db, {
        q: query.q,
        filter: query.filter,
        cursor: decodeCursor(query.cursor),
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        success: true as const,
        users: page.map((r) => adminSummaryOf(r.user)),
        nextCursor:
          rows.length > limit && last
            ? encodeCursor({ createdAt: last.at, id: last.user.id })
            : null,
      };
    },

    async detail(userId: string) {
      const user = await findUser(db, userId);
      if (!user) throw NotFound('user_not_found');
      const n = adminLimits.userPageItems;
      const [posts, against, by, documents] = await Promise.all([
        postsOf(db, userId, n),
        reportsAgainst(db, userId, n),
        reportsBy(db, userId, n),
        identityDocumentsOf(db, userId),
      ]);
      return {
        success: true as const,
        user: adminDetailOf(user),
        posts: posts.map(({ post: p, firstImageKey }) => {
          const thumbnail = p.posterKey ?? firstImageKey;
          return {
            _id: p.id,
            caption: p.caption,
            location: p.location,
            emergency: p.emergency,
            status: p.status,
            removed: p.removedAt !== null,
            posterUrl: thumbnail ? mediaUrl(thumbnail) : null,
            createdAt: p.createdAt.toISOString(),
          };
        }),
        reportsAgainst: against.map(presentReport),
        reportsBy: by.map(presentReport),
        documents: documents.map((d) => ({
          _id: d.id,
          kind: d.kind,
          mime: d.mime,
          bytes: d.bytes,
          url: callPath(adminUserCalls.document.path, { userId, docId: d.id }),
          createdAt: d.createdAt.toISOString(),
          erasedAt: d.erasedAt?.toISOString() ?? null,
        })),
      };
    },

    /** Decrypted in memory (a few MB at most); the stored file stays encrypted. */
    async document(userId: string, docId: string) {
      const row = await findIdentityDocument(db, userId, docId);
      if (!row) throw NotFound('identity_document_not_found');
      if (row.erasedAt) throw new HttpError(410, 'identity_document_erased');
      const data = await decryptToBuffer(deps.fileKey, await deps.storage.read(row.storageKey));
      return { data, type: row.mime, name: row.kind };
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
