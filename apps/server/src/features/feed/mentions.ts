import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { comments, follows, posts, users } from '../../db/schema/index.js';

/** '@Ramesh' or '@RameshKumar' (names have spaces; people type them without). */
export function mentionTokens(text: string): string[] {
  const tokens = new Set<string>();
  for (const match of text.matchAll(/@([\p{L}\p{M}\p{N}_.]{2,40})/gu)) {
    // A full stop ends the sentence, not the name: 'Thanks @Ramesh.' mentions Ramesh.
    const token = match[1]?.replace(/\.+$/, '');
    if (token && token.length >= 2) tokens.add(token.toLowerCase());
  }
  return [...tokens];
}

const squash = (name: string) => name.toLowerCase().replace(/\s+/g, '');
const firstName = (name: string) => name.toLowerCase().split(/\s+/)[0] ?? '';

/**
 * Names are not unique, so a mention is matched only among people in the conversation:
 * the post's author, those who commented on it, and the people the writer follows.
 */
export async function mentionedUsers(
  db: Db,
  postId: string,
  writerId: string,
  text: string,
): Promise<{ id: string; name: string }[]> {
  const tokens = mentionTokens(text);
  if (tokens.length === 0) return [];
  const [post] = await db.select({ userId: posts.userId }).from(posts).where(eq(posts.id, postId));
  const commenters = db
    .select({ id: comments.userId })
    .from(comments)
    .where(eq(comments.postId, postId));
  const followed = db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(eq(follows.followerId, writerId));
  const people = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        isNull(users.blockedAt),
        or(
          post ? eq(users.id, post.userId) : undefined,
          inArray(users.id, commenters),
          inArray(users.id, followed),
        ),
      ),
    );
  return people.filter(
    (p) => p.id !== writerId && tokens.some((t) => t === squash(p.name) || t === firstName(p.name)),
  );
}
