import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { appCalls, healthCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { HttpError } from '../../http/errors.js';
import { registerCall } from '../../http/register-call.js';
import { withTimeout } from '../../time-limit.js';

export interface HealthProbes {
  /** Pings the shared Redis; absent when the app runs without one. */
  redis?: () => Promise<unknown>;
  /** How long Redis may take to answer before it counts as down. */
  redisTimeoutMs: number;
}

export function appRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  settings: { supportEmail: string; publicUrl: string },
  health: HealthProbes,
): void {
  registerCall(app, auth, appCalls.publicConfig, async () => ({
    success: true as const,
    ...settings,
  }));
  registerCall(app, auth, healthCalls.health, async ({ request }) => {
    // The database has no timeout of its own here: a load balancer's check has one, and a
    // busy pool answering slowly is not a reason to take the process out of rotation.
    const [database, redis] = await Promise.allSettled([
      auth.db.execute(sql`select 1`),
      health.redis && withTimeout(health.redis(), health.redisTimeoutMs, 'Redis'),
    ]);
    if (redis.status === 'rejected') request.log.warn({ err: redis.reason }, 'Redis is down');
    if (database.status === 'rejected') {
      // Without its database the process can serve nothing: 503 takes it out of rotation.
      request.log.error({ err: database.reason }, 'database is down');
      throw new HttpError(503, 'server_error');
    }
    return {
      success: true as const,
      database: 'ok' as const,
      redis: redisState(health, redis.status),
    };
  });
}

const redisState = (health: HealthProbes, probe: 'fulfilled' | 'rejected') =>
  !health.redis ? ('off' as const) : probe === 'fulfilled' ? ('ok' as const) : ('down' as const);
