import type { FastifyRequest } from 'fastify';

/** One request header's value; a repeated or empty header counts as none. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
