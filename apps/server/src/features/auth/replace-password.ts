import { revokeUserSessions } from '../../auth/sessions.js';
import type { Db } from '../../db/client.js';
import { setPasswordHash } from './queries.js';

/** Sets a new password hash and ends every sign-in made with the old password. */
export async function replacePassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await setPasswordHash(db, userId, passwordHash);
  await revokeUserSessions(db, userId, 'password_reset');
}
