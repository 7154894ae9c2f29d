import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Call, LimitRule } from '@saathi/contract';
import type { RateLimiter } from '../auth/rate-limiter.js';
import type { Viewer } from '../auth/viewer.js';
import { HttpError } from './errors.js';

/**
 * Refuses at start-up a rule that could not count: per user on a call anyone may make, or
 * per a body field the call's body may lack (every request would share one count), which a
 * multipart call's body does until its handler reads it.
 */
export function checkLimits(call: Call): void {
  for (const rule of call.limits ?? []) {
    const where = `${call.method} ${call.path}, limit '${rule.counter}'`;
    if (rule.per === 'user' && call.auth !== 'user' && call.auth !== 'admin') {
      throw new Error(`${where}: per user needs a signed-in call`);
    }
    if (typeof rule.per === 'object') {
      const field =
        call.body instanceof z.ZodObject && !call.multipart
          ? call.body.shape[rule.per.body]
          : undefined;
      if (!(field instanceof z.ZodType) || field.safeParse(undefined).success) {
        throw new Error(`${where}: body field '${rule.per.body}' must be required`);
      }
    }
  }
}

function subject(rule: LimitRule, request: FastifyRequest, viewer: Viewer | null, body: unknown) {
  if (rule.per === 'ip') return `ip:${request.ip}`;
  if (rule.per === 'user') return `user:${viewer?.user.id}`;
  const value = (body as Record<string, unknown>)[rule.per.body];
  return `${rule.per.body}:${String(value)}`;
}

/** Counts the call's rules in order; the first over its limit answers 429 with its code. */
export async function enforceLimits(
  limiter: RateLimiter,
  call: Call,
  request: FastifyRequest,
  viewer: Viewer | null,
  body: unknown,
): Promise<void> {
  for (const rule of call.limits ?? []) {
    const key = `${rule.counter}:${subject(rule, request, viewer, body)}`;
    const wait = await limiter.hit(key, rule.max, rule.windowSeconds);
    if (wait > 0) throw new HttpError(429, rule.code, undefined, { retryAfter: wait });
  }
}
