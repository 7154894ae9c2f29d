import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '@saathi/contract';
import type { AuthDeps } from '../src/auth/authenticate.js';
import { registerCall } from '../src/http/register-call.js';

/** A public route that exists only in a test: the app takes no route but a call's. */
export function addProbe(
  app: FastifyInstance,
  auth: AuthDeps,
  method: 'GET' | 'POST',
  path: string,
  handler: (request: FastifyRequest) => Promise<unknown>,
): void {
  const call = defineCall({
    method,
    path,
    summary: `Test probe ${path}`,
    auth: 'public',
    response: z.unknown(),
  });
  registerCall(app, auth, call, ({ request }) => handler(request));
}
