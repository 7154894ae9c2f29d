import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { appCalls, healthCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';

export function appRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  settings: { supportEmail: string; publicUrl: string },
): void {
  registerCall(app, auth, appCalls.publicConfig, async () => ({
    success: true as const,
    ...settings,
  }));
  registerCall(app, auth, healthCalls.health, async () => {
    await auth.db.execute(sql`select 1`);
    return { success: true as const, database: 'ok' as const };
  });
}
