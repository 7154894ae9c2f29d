import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm is an ambient const enum, which isolated modules cannot read: Argon2id is 2. */
const argon2id = 2 as Algorithm.Argon2id;

/** OWASP's argon2id baseline: 19 MiB, 2 passes. */
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * Verified against when the number has no account, so a failed sign-in takes as long
 * either way and does not tell an attacker which numbers are registered.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
}
