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

export const healthResponse = z.object({ success: z.literal(true), database: z.literal('ok') });

export const healthCalls = {
  health: defineCall({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability, for load balancers',
    auth: 'public',
    response: healthResponse,
  }),
};
