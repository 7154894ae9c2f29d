import type { FastifyInstance } from 'fastify';
import { salahCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { SalahService } from './service.js';

export function salahRoutes(app: FastifyInstance, auth: AuthDeps, service: SalahService): void {
  registerCall(app, auth, salahCalls.update, ({ viewer, body }) =>
    service.update(viewer, body.remindSalah),
  );
}
