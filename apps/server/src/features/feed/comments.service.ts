import { randomUUID } from 'node:crypto';
import { said, type Comment } from '@saathi/contract';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import type { AuthorRow } from '../../db/user-columns.js';
import { Forbidden, NotFound } from '../../http/errors.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import { publicAuthorOf } from '../../auth/viewer.js';
import { mentionedUsers } from './mentions.js';
import type { Notifier } from '../notifications/index.js';
import {
  commentsPage,
  deleteComment,
  findComment,
  hiddenCommentCounts,
  addComment,
  type CommentRow,
} from './comments.queries.js';
import { findVisiblePost } from './posts.queries.js';

function presentComment(comment: CommentRow, author: AuthorRow): Comment {
  const { _id, name, profileImage } = publicAuthorOf(author);
  return {
    _id: comment.id,
    comment: comment.body,
    name,
    user: { _id, name, profileImage },
    createdAt: comment.createdAt.toISOString(),
  };
}

export function createCommentService(deps: { db: Db; notifier: Notifier }) {
  const { db } = deps;

  async function visiblePost(postId: string) {
    const row = await findVisiblePost(db, postId);
    if (!row) throw NotFound('post_not_found');
    return row;
  }

  return {
    async list(postId: string, query: { cursor?: string; limit: number }) {
      const cursor = decodeCursor(query.cursor);
      const { post } = await visiblePost(postId);
      const [rows, hidden] = await Promise.all([
        commentsPage(db, postId, { cursor, limit: query.limit + 1 }),
        hiddenCommentCounts(db, [postId]),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        success: true as const,
        comments: page.map((r) => presentComment(r.comment, r.author)),
        total: post.commentCount - (hidden.get(postId) ?? 0),
        nextCursor:
          rows.length > query.limit && last
            ? encodeCursor({ createdAt: last.cursorAt, id: last.comment.id })
            : null,
      };
    },

    async add(postId: string, viewer: Viewer, text: string) {
      const id = randomUUID();
      const excerpt = text.length > 140 ? `${text.slice(0, 139)}…` : text;
      const link = `/?v=${postId}&comments=1`;
      const added = await addComment(db, {
        id,
        postId,
        userId: viewer.user.id,
        body: text,
        notificationId: randomUUID(),
        excerpt,
        link,
        dedupeKey: `comment:${id}`,
      });
      if (!added) throw NotFound('post_not_found');
      if (added.notificationId) await deps.notifier.deliver(added.authorId, added.notificationId);
      for (const person of await mentionedUsers(db, postId, viewer.user.id, text)) {
        // The author already hears about every comment on their post.
        if (person.id === added.authorId) continue;
        await deps.notifier.notify({
          userId: person.id,
          kind: 'mention',
          actorId: viewer.user.id,
          postId,
          text: excerpt,
          link,
          dedupeKey: `mention:${id}`,
        });
      }
      const comment = {
        id,
        postId,
        userId: viewer.user.id,
        body: text,
        createdAt: added.createdAt,
      };
      return { success: true as const, comment: presentComment(comment, viewer.user) };
    },

    async remove(postId: string, commentId: string, viewer: Viewer) {
      const comment = await findComment(db, postId, commentId);
      if (!comment) throw NotFound('comment_not_found');
      if (comment.userId !== viewer.user.id) throw Forbidden('not_comment_author');
      await deleteComment(db, postId, commentId);
      return { success: true as const, ...said('comment_deleted') };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
