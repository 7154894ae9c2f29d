import { z } from 'zod';
import { defineCall } from './call.js';

export const publicConfigResponse = z.object({
  success: z.literal(true),
  supportEmail: z.string(),
  publicUrl: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;

export const appCalls = {
  publicConfig: defineCall({
    method: 'GET',
    path: '/api/v1/app/config',
    summary: 'Settings the client shows: support address and public URL',
    auth: 'public',
    response: publicConfigResponse,
  }),
};

export const healthResponse = z.object({
  success: z.literal(true),
  database: z.literal('ok'),
  /**
   * 'off' without REDIS_URL. 'down' still answers 200: the app runs on without Redis (limits
   * per process, no live fan-out across processes), so a load balancer keeps it in rotation.
   */
  redis: z.enum(['ok', 'down', 'off']),
});

export const healthCalls = {
  health: defineCall({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness, database and Redis reachability, for load balancers (503: no database)',
    auth: 'public',
    response: healthResponse,
    backstop: false,
  }),
};
