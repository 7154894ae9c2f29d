import type { FastifyInstance } from 'fastify';
import { directoryCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { DirectoryService } from './service.js';

export function directoryRoutes(
  app: FastifyInstance,
  auth: AuthDeps,
  service: DirectoryService,
): void {
  registerCall(app, auth, directoryCalls.businesses, () => service.businesses());
  registerCall(app, auth, directoryCalls.safety, () => service.safetyCautions());
}
