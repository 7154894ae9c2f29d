// npm run create-admin -- --name "Asha Verma" --number 9876543210 --password 'long secret'
// Creates an admin account, or makes an existing account of that number an admin.
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { limits, maskPhone, normalizeIndianMobile } from '@saathi/contract';
import { hashPassword } from '../auth/passwords.js';
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
if (existing) {
  await setAdminRole(database.db, existing, true);
  await setPasswordHash(database.db, existing.id, passwordHash);
  process.stdout.write(`Account ${maskPhone(phone)} is now an admin; its password was set.\n`);
} else {
  const name = values.name?.trim() || 'Saathi Admin';
  await insertAdminAccount(database.db, { name, phone, passwordHash });
  process.stdout.write(`Admin account ${maskPhone(phone)} created.\n`);
}
await database.close();
