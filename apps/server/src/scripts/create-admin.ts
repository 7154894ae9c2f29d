// npm run create-admin -- --name "Asha Verma" --number 9876543210 --password 'long secret'
// Creates an admin account, or makes an existing account of that number an admin.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { limits, maskPhone, normalizeIndianMobile } from '@saathi/contract';
import { hashPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { insertAdminAccount, setAdminRole } from '../features/admin/accounts.js';
import { setPasswordHash } from '../features/auth/queries.js';

const { values } = parseArgs({
  options: { name: { type: 'string' }, number: { type: 'string' }, password: { type: 'string' } },
});

const phone = normalizeIndianMobile(values.number ?? '');
if (!phone || !values.password || values.password.length < limits.passwordMinReset) {
  console.error(
    `Usage: npm run create-admin -- --name "Full Name" --number <Indian mobile> --password <at least ${limits.passwordMinReset} characters>`,
  );
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const passwordHash = await hashPassword(values.password);
const [existing] = await database.db.select().from(users).where(eq(users.phone, phone));
if (existing?.blockedAt) {
  // The console refuses to promote a blocked account; the script must not be the way round.
  console.error(`Account ${maskPhone(phone)} is blocked: unblock it in the console first.`);
  await database.close();
  process.exit(1);
} else if (existing) {
  await database.db.transaction(async (tx) => {
    await setAdminRole(tx, existing, true);
    await setPasswordHash(tx, existing.id, passwordHash);
    // A new password ends every sign-in made with the old one, as a reset does.
    await revokeUserSessions(tx, existing.id, 'password_reset');
  });
  process.stdout.write(`Account ${maskPhone(phone)} is now an admin; its password was set.\n`);
} else {
  const name = values.name?.trim() || 'Saathi Admin';
  await insertAdminAccount(database.db, { name, phone, passwordHash });
  process.stdout.write(`Admin account ${maskPhone(phone)} created.\n`);
}
await database.close();
