// npm run create-admin -- --name "Asha Verma" --number 9876543210 --password 'long secret'
// Creates an admin account, or makes an existing account of that number an admin.
import { parseArgs } from 'node:util';
import { limits, maskPhone, normalizeIndianMobile } from '@saathi/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createOrPromoteAdmin } from '../features/admin/create-admin.js';

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
const outcome = await createOrPromoteAdmin(database.db, {
  name: values.name,
  phone,
  password: values.password,
});
await database.close();
if (outcome === 'blocked') {
  console.error(`Account ${maskPhone(phone)} is blocked: unblock it in the console first.`);
  process.exit(1);
}
process.stdout.write(
  outcome === 'created'
    ? `Admin account ${maskPhone(phone)} created.\n`
    : `Account ${maskPhone(phone)} is now an admin; its password was set.\n`,
);
