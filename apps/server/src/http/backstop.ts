import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../auth/rate-limiter.js';
import { HttpError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False leaves the route out of the per-IP backstop (health probes, live streams). */
    backstop?: boolean;
  }
}

/**
 * A generous limit per client address on every /api/ request, unknown paths included, over
 * the calls' own limits: one address cannot keep a process busy. Counted before the guard
 * and the body, so a refused flood costs one counter each. /media is not under /api/ (a
 * feed page loads dozens of images); the health probe and live streams opt out by their
 * route's config. `perMinute` 0 turns it off (a proxy in front limits instead).
 */
export function apiBackstop(app: FastifyInstance, limiter: RateLimiter, perMinute: number): void {
  if (perMinute === 0) return;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.backstop === false) return;
    const wait = await limiter.hit(`api:ip:${request.ip}`, perMinute, 60);
    if (wait > 0) throw new HttpError(429, 'too_many_requests', undefined, { retryAfter: wait });
  });
}
