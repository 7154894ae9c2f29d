import { fileURLToPath } from 'node:url';
import { seedDemo } from '../../../server/src/seed/demo.js';
import { startTestApp, type TestApp } from '../../../server/test/harness.js';

const webDist = fileURLToPath(new URL('../../dist', import.meta.url));

export interface E2eServer extends TestApp {
  url: string;
}

/** The real server with the built web app, a fresh database and the demo accounts. */
export async function startE2eServer(): Promise<E2eServer> {
  const t = await startTestApp({ env: { WEB_DIST: webDist }, workers: true });
  await seedDemo(t.database.db);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not listen');
  return { ...t, url: `http://127.0.0.1:${address.port}` };
}
