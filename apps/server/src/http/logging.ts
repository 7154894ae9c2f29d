import type { FastifyServerOptions } from 'fastify';

/** A pino destination: anything with write(line). */
export interface DestinationStream {
  write(line: string): void;
}

/** Any run of 10+ digits (a phone number in a path or query) is masked before it is logged. */
export const maskDigits = (text: string) => text.replace(/\+?\d[\d\s-]{8,}\d/g, '[number]');

/**
 * Reset links carry a live credential in the path (the API call and the page the SMS opens);
 * whoever reads the logs must not be able to reset the password with it.
 */
export const maskUrl = (url: string) =>
  maskDigits(url).replace(/(\/(?:password\/reset|reset-password)\/)[^/?#]+/g, '$1[token]');

/**
 * Request logs carry a request id and never a phone number, password, token or cookie:
 * those are personal data (DPDP) or credentials.
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        // @fastify/multipart traces the request headers it hands to busboy.
        'busboyOptions.headers.authorization',
        'busboyOptions.headers.cookie',
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
        return { id: req.id, method: req.method, url: maskUrl(req.url) };
      },
    },
  };
}
