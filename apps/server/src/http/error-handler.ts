import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type MessageCode } from '@saathi/contract';
import { HttpError, invalidField } from './errors.js';
import { isClientRoute } from './web-app.js';

/**
 * Failures Fastify's router meets before any route or error handler runs (a malformed
 * percent-encoding, a path parameter over maxParamLength): same shape as every other error,
 * and without echoing the URL, which may hold a reset token.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ success: false, message: messages.invalid_input, code: 'invalid_input' });
}

/** @fastify/multipart's per-request caps, each answered in its own words, not "file too large". */
const multipartLimits: Partial<Record<string, MessageCode>> = {
  FST_FILES_LIMIT: 'too_many_files',
  FST_FIELDS_LIMIT: 'too_many_fields',
  FST_PARTS_LIMIT: 'too_many_fields',
};

/** One place turns every failure into { success: false, message } with the right status. */
export function registerErrorHandler(app: FastifyInstance, opts: { spa: boolean }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const { retryAfter, ...extra } = error.extra;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      return reply
        .status(error.status)
        .send({ success: false, message: error.message, code: error.code, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // fastify-type-provider-zod hands each zod issue over as `params`, its own `params` inside.
      const first = invalidField(error.validation[0]?.params);
      return reply.status(400).send({ success: false, message: first.message, code: first.code });
    }
    const limit = error.code ? multipartLimits[error.code] : undefined;
    if (limit) {
      return reply.status(413).send({ success: false, message: messages[limit], code: limit });
    }
    // Fastify's own 4xx (bad JSON, wrong content type, body too large, a file over the cap).
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'file_too_large' : 'invalid_input';
      const message =
        status === 413
          ? messages.file_too_large
          : status === 415 || error.code?.startsWith('FST_ERR_CTP')
            ? messages.invalid_input
            : error.message;
      return reply.status(status).send({ success: false, message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: messages.server_error, code: 'server_error' });
  });

  app.setNotFoundHandler((request, reply) => {
    if (opts.spa && isClientRoute(request.method, request.url, request.headers.accept)) {
      // Not returned: a returned reply is awaited, and each await of a reply still being
      // written adds listeners to its response; a page route already had three (Node warned).
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return;
    }
    return reply
      .status(404)
      .send({ success: false, message: messages.route_not_found, code: 'route_not_found' });
  });
}
