import type { AppNotification } from '@saathi/contract';
import { mediaUrl } from '../../storage/media-url.js';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { NotificationWithRefs } from './queries.js';

export function presentNotification(row: NotificationWithRefs): AppNotification {
  const { notification: n, actor } = row;
  const author = actor ? publicAuthorOf(actor) : null;
  return {
    _id: n.id,
    kind: n.kind,
    actor: author
      ? {
          _id: author._id,
          name: author.name,
          usertype: author.usertype,
          profileImage: author.profileImage,
        }
      : null,
    post: n.postId
      ? { _id: n.postId, posterUrl: row.posterKey ? mediaUrl(row.posterKey) : null }
      : null,
    notice: n.notice,
    text: n.text,
    link: n.link,
    createdAt: n.createdAt.toISOString(),
    read: n.readAt !== null,
  };
}
