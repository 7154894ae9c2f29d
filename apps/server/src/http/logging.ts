import type { FastifyServerOptions } from 'fastify';

/** Any run of 10+ digits (a phone number in a path or query) is masked before it is logged. */
export const maskDigits = (text: string) => text.replace(/\+?\d[\d\s-]{8,}\d/g, '[number]');

/**
 * Request logs carry a request id and never a phone number, password, token or cookie:
 * those are personal data (DPDP) or credentials.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.confirmPassword',
        '*.number',
        '*.phone',
        '*.mobile',
        '*.Token',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { id: string; method: string; url: string }) {
        return { id: req.id, method: req.method, url: maskDigits(req.url) };
      },
    },
  };
}
