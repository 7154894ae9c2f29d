import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import {
  comments,
  follows,
  helpRequests,
  idCards,
  likes,
  locationHistory,
  personalDocuments,
  postImages,
  posts,
  userLocations,
  users,
  voiceNotes,
} from '../../../db/schema/index.js';

/** A stored file to copy into the archive: where it is, where it goes, whether to decrypt it. */
export interface ArchiveFile {
  key: string;
  path: string;
  encrypted: boolean;
}

/** What goes into a 'download my data' archive: JSON documents and stored files. */
export interface ExportContents {
  json: Record<string, unknown>;
  files: ArchiveFile[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const extension = (key: string) => /\.[a-z0-9]{2,5}$/i.exec(key)?.[0] ?? '';
/** A document's own name in the archive: letters, digits and a few marks only. */
const safeName = (name: string) => name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').slice(0, 60);

/**
 * Everything the account holds that is the owner's own: the account, posts with their media,
 * comments, likes, follows, help requests, locations, voice notes and recordings, ID card, and
 * the vault (documents included only when `withVault`: the owner gave the vault password).
 * Other people's data is left out, except the public names of who they follow and who follows them.
 */
export async function gatherExport(
  db: Db,
  userId: string,
  withVault: boolean,
): Promise<ExportContents> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('export of an account that is gone');
  const postRows = await db
    .select()
    .from(posts)
    .where(eq(posts.userId, userId))
    .orderBy(asc(posts.createdAt));
  const images = postRows.length
    ? await db
        .select()
        .from(postImages)
        .where(
          inArray(
            postImages.postId,
            postRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(postImages.position))
    : [];
  const person = { id: users.id, name: users.name };
  const [commentRows, likeRows, following, followers, help, last, history, voice, card, vault] =
    await Promise.all([
      db
        .select()
        .from(comments)
        .where(eq(comments.userId, userId))
        .orderBy(asc(comments.createdAt)),
      db.select().from(likes).where(eq(likes.userId, userId)).orderBy(asc(likes.createdAt)),
      db
        .select({ ...person, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followeeId))
        .where(eq(follows.followerId, userId)),
      db
        .select({ ...person, since: follows.createdAt })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(eq(follows.followeeId, userId)),
      db
        .select()
        .from(helpRequests)
        .where(eq(helpRequests.userId, userId))
        .orderBy(asc(helpRequests.createdAt)),
      db.select().from(userLocations).where(eq(userLocations.userId, userId)),
      db
        .select()
        .from(locationHistory)
        .where(eq(locationHistory.userId, userId))
        .orderBy(asc(locationHistory.recordedAt)),
      db
        .select()
        .from(voiceNotes)
        .where(eq(voiceNotes.userId, userId))
        .orderBy(asc(voiceNotes.createdAt)),
      db.select().from(idCards).where(eq(idCards.userId, userId)),
      withVault
        ? db
            .select()
            .from(personalDocuments)
            .where(eq(personalDocuments.userId, userId))
            .orderBy(asc(personalDocuments.createdAt))
        : Promise.resolve([]),
    ]);

  const files: ArchiveFile[] = [];
  /** Vault keys carry no extension: the file's own name gives it. */
  const add = (key: string | null, path: string, encrypted = false, ext = extension(key ?? '')) => {
    if (!key) return null;
    const full = `${path}${ext}`;
    files.push({ key, path: full, encrypted });
    return full;
  };

  const json: Record<string, unknown> = {
    'account.json': {
      id: user.id,
      name: user.name,
      number: user.phone,
      usertype: user.usertype,
      verification: user.verification,
      verificationNote: user.verificationNote,
      showNumber: user.showNumber,
      remindSalah: user.remindSalah,
      profilePhoto: add(user.profileImage, 'media/profile-photo'),
      createdAt: iso(user.createdAt),
      deletionDueAt: iso(user.deletionDueAt),
    },
    'posts.json': postRows.map((p) => ({
      id: p.id,
      caption: p.caption,
      location: p.location,
      emergency: p.emergency,
      status: p.status,
      removedByTeam: p.removedAt !== null,
      likes: p.likeCount,
      comments: p.commentCount,
      createdAt: iso(p.createdAt),
      video: add(p.videoKey, `media/posts/${p.id}/video`),
      poster: add(p.posterKey, `media/posts/${p.id}/poster`),
      images: images
        .filter((i) => i.postId === p.id)
        .map((i) => add(i.key, `media/posts/${p.id}/image-${i.position + 1}`)),
    })),
    'comments.json': commentRows.map((c) => ({
      id: c.id,
      postId: c.postId,
      text: c.body,
      createdAt: iso(c.createdAt),
    })),
    'likes.json': likeRows.map((l) => ({ postId: l.postId, createdAt: iso(l.createdAt) })),
    'follows.json': {
      following: following.map((f) => ({ id: f.id, name: f.name, since: iso(f.since) })),
      followers: followers.map((f) => ({ id: f.id, name: f.name, since: iso(f.since) })),
    },
    'help-requests.json': help.map((h) => ({
      id: h.id,
      source: h.source,
      location: h.location,
      latitude: h.latitude,
      longitude: h.longitude,
      number: h.helpnumber,
      contactName: h.contactName,
      status: h.status,
      answer: h.answer,
      times: h.repeatCount,
      createdAt: iso(h.createdAt),
      resolvedAt: iso(h.resolvedAt),
    })),
    'locations.json': {
      last: last[0]
        ? {
            latitude: last[0].latitude,
            longitude: last[0].longitude,
            accuracy: last[0].accuracy,
            recordedAt: iso(last[0].recordedAt),
          }
        : null,
      history: history.map((h) => ({
        latitude: h.latitude,
        longitude: h.longitude,
        accuracy: h.accuracy,
        recordedAt: iso(h.recordedAt),
      })),
    },
    'voice-notes.json': voice.map((v) => ({
      id: v.id,
      kind: v.kind === 'voice' ? 'voice chat note' : 'recording',
      name: v.name,
      status: v.status,
      durationMs: v.durationMs,
      createdAt: iso(v.createdAt),
      file: add(v.mediaKey, `media/voice/${v.id}`),
    })),
    'id-card.json': card[0]
      ? {
          ...Object.fromEntries(
            Object.entries(card[0]).filter(([k]) => !['id', 'userId', 'photoKey'].includes(k)),
          ),
          createdAt: iso(card[0].createdAt),
          photo: add(card[0].photoKey, 'media/id-card-photo'),
        }
      : null,
  };
  if (withVault) {
    json['vault.json'] = vault.map((d) => ({
      id: d.id,
      type: d.documentType,
      name: d.documentName,
      description: d.description,
      originalName: d.originalName,
      expiresOn: d.expiresOn,
      createdAt: iso(d.createdAt),
      file: add(
        d.storageKey,
        `vault/${safeName(d.documentName)}-${d.id.slice(0, 8)}`,
        true,
        extension(d.originalName),
      ),
    }));
  }
  return { json, files };
}
