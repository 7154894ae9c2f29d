import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineCall } from '@saathi/contract';
import type { AuthDeps } from '../src/auth/authenticate.js';
import { registerCall } from '../src/http/register-call.js';
import type { Storage } from '../src/storage/storage.js';
import { startTestApp, type TestApp } from './harness.js';

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

/** Where a probe upload call keeps its files: the app's own storage, under uploads/probe/. */
export interface ProbeUpload {
  storage: Storage;
  folder: (id: string) => string;
}

/** A test app with an upload call that exists only in the test, registered by `register`. */
export function startWithUploadProbe(
  register: (app: FastifyInstance, auth: AuthDeps, upload: ProbeUpload) => void,
): Promise<TestApp> {
  let storage: Storage | undefined;
  return startTestApp({
    wrapStorage: (real) => (storage = real),
    extend: (app, auth) => {
      if (!storage) throw new Error('storage is made before the routes');
      register(app, auth, { storage, folder: (id) => `uploads/probe/${id}` });
    },
  });
}
