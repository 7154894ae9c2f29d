import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { users, type UserRow } from '../../../server/src/db/schema/index.js';
import { seedDemo } from '../../../server/src/seed/demo.js';
import { startTestApp, type TestApp } from '../../../server/test/harness.js';

const webDist = fileURLToPath(new URL('../../dist', import.meta.url));

export interface E2eServer extends TestApp {
  url: string;
}

/** The real server with the built web app, a fresh database and the demo accounts. */
export async function startE2eServer(): Promise<E2eServer> {
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('Build the web app first: npm run build -w apps/web');
  }
  const t = await startTestApp({ env: { WEB_DIST: webDist }, workers: true });
  await seedDemo(t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not listen');
  return { ...t, url: `http://127.0.0.1:${address.port}` };
}

/** A demo account's row (README's demo accounts), e.g. to give the driver a post. */
export async function demoUser(server: E2eServer, phone: string): Promise<UserRow> {
  const [row] = await server.database.db.select().from(users).where(eq(users.phone, phone));
  if (!row) throw new Error(`demo account ${phone} missing`);
  return row;
}
