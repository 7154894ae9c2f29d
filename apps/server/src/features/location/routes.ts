import type { FastifyInstance } from 'fastify';
import { locationCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { LocationService } from './service.js';

export function locationRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: LocationService,
): void {
  registerCall(app, auth, locationCalls.update, ({ viewer, body }) => service.update(viewer, body));
  registerCall(app, auth, locationCalls.last, ({ viewer }) => service.last(viewer));
}
