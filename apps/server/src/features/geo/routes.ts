import type { FastifyInstance } from 'fastify';
import { geoCalls } from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import { registerCall } from '../../http/register-call.js';
import type { GeoService } from './service.js';

export function geoRoutes(app: FastifyInstance, auth: AuthDeps, service: GeoService): void {
  registerCall(app, auth, geoCalls.reverse, async ({ query }) => ({
    success: true as const,
    ...(await service.reverse(query.lat, query.lon)),
  }));
}
