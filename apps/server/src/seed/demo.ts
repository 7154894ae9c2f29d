import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword } from '../auth/passwords.js';

/** Listed in README.md. Demo only: SEED_DEMO=false in any real deployment. */
export const demoAccounts = [
  { usertype: 'admin', name: 'Saathi Admin', phone: '+919000000001', password: 'Admin@1234' },
  { usertype: 'driver', name: 'Ramesh Kumar', phone: '+919000000002', password: 'Driver@1234' },
  { usertype: 'user', name: 'Priya Sharma', phone: '+919000000003', password: 'User@1234' },
] as const;

/** Fills an empty database with the demo accounts; answers whether it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const account of demoAccounts) {
    await db
      .insert(users)
      .values({
        id: randomUUID(),
        name: account.name,
        phone: account.phone,
        passwordHash: await hashPassword(account.password),
        usertype: account.usertype,
        verification: account.usertype === 'driver' ? 'verified' : 'not_required',
      })
      .onConflictDoNothing();
  }
  return true;
}

export function demoBanner(publicUrl: string): string {
  const rows = demoAccounts.map((a) => `  ${a.usertype.padEnd(7)} ${a.phone}  ${a.password}`);
  return `\nSaathi demo accounts (SEED_DEMO=false turns these off):\n${rows.join('\n')}\nOpen ${publicUrl}\n\n`;
}
