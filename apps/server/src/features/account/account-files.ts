import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  dataExports,
  idCards,
  identityDocuments,
  personalDocuments,
  postImages,
  posts,
  uploads,
  users,
  voiceNotes,
} from '../../db/schema/index.js';

const present = (keys: (string | null | undefined)[]) =>
  keys.filter((k): k is string => typeof k === 'string' && k.length > 0);

/**
 * Every stored file of an account, read from the rows that point at them (the only
 * listing that works the same on local disk and S3): `storage` keys, and the resumable
 * uploads' ids in the tus store.
 */
export async function accountFiles(
  db: Db,
  userId: string,
): Promise<{ storage: string[]; uploads: string[] }> {
  const [user, postRows, images, ids, vault, cards, voice, exportsRows, uploadRows] =
    await Promise.all([
      db.select({ photo: users.profileImage }).from(users).where(eq(users.id, userId)),
      db.select().from(posts).where(eq(posts.userId, userId)),
      db
        .select({ raw: postImages.rawKey, key: postImages.key })
        .from(postImages)
        .where(
          inArray(
            postImages.postId,
            db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId)),
          ),
        ),
      db
        .select({ key: identityDocuments.storageKey })
        .from(identityDocuments)
        .where(eq(identityDocuments.userId, userId)),
      db
        .select({ key: personalDocuments.storageKey })
        .from(personalDocuments)
        .where(eq(personalDocuments.userId, userId)),
      db.select({ key: idCards.photoKey }).from(idCards).where(eq(idCards.userId, userId)),
      db
        .select({ raw: voiceNotes.rawKey, key: voiceNotes.mediaKey })
        .from(voiceNotes)
        .where(eq(voiceNotes.userId, userId)),
      db
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(eq(dataExports.userId, userId)),
      db.select({ key: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId)),
    ]);
  return {
    storage: present([
      ...user.map((u) => u.photo),
      ...postRows.flatMap((p) => [
        p.rawVideoKey,
        p.videoKey,
        p.lowVideoKey,
        p.posterKey,
        p.posterSmallKey,
      ]),
      ...images.flatMap((i) => [i.raw, i.key]),
      ...ids.map((d) => d.key),
      ...vault.map((d) => d.key),
      ...cards.map((c) => c.key),
      ...voice.flatMap((v) => [v.raw, v.key]),
      ...exportsRows.map((e) => e.key),
    ]),
    uploads: present(uploadRows.map((u) => u.key)),
  };
}
