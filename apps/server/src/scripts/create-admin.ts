// npm run create-admin -- --name "Asha Verma" --number 9876543210 --password 'long secret'
// Creates an admin account, or makes an existing account of that number an admin.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createOrPromoteAdmin } from '../features/admin/create-admin.js';
import {
  readCreateAdminArgs,
  reportCreateAdmin,
  type CreateAdminReport,
} from '../features/admin/create-admin-command.js';

function finish(report: CreateAdminReport): void {
  process[report.stream].write(`${report.line}\n`);
  process.exitCode = report.exitCode;
}

const request = readCreateAdminArgs(process.argv.slice(2));
if ('exitCode' in request) {
  finish(request);
} else {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const outcome = await createOrPromoteAdmin(database.db, request);
  await database.close();
  finish(reportCreateAdmin(outcome, request.phone));
}
