import { LogController, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { FastifyRequest } from 'fastify';
import { hostname } from 'node:os';
import pino from 'pino';
import { BlockLog } from './block-log.js';

/** A pino destination: anything with write(line); a buffered one also has flush(). */
export interface DestinationStream {
  write(line: string): void;
  flush?(): void;
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
 * Where database errors keep the values a query carried: drizzle's and PGlite's `params`,
 * PGlite's `queryOptions`, and PostgreSQL's `detail`/`where`/`internalQuery`/`hint`, which
 * quote row values ("Key (phone)=(+91...) already exists"). Phone numbers, coordinates and
 * password hashes must not reach the log through them.
 */
const valueFields = new Set([
  'params',
  'parameters',
  'queryOptions',
  'detail',
  'where',
  'internalQuery',
  'hint',
]);

/** Drizzle writes "Failed query: <sql>\nparams: <values>" into the message (and so the stack). */
const withoutValues = (text: string) =>
  maskDigits(text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, ''));

interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer of every logger: the error's type, message, stack, code and its other
 * own fields, and its causes, without any field or text that holds a query's values.
 */
export function logError(err: Error, depth = 0): LoggedError {
  // pino hands over whatever was logged as err.
  if (!(err instanceof Error))
    return { type: typeof err, message: withoutValues(String(err)), stack: '' };
  const out: LoggedError = {
    type: err.constructor.name,
    message: withoutValues(err.message),
    stack: withoutValues(err.stack ?? ''),
  };
  for (const [key, value] of Object.entries(err)) {
    if (!valueFields.has(key) && !(key in out) && key !== 'cause') out[key] = value;
  }
  if (err.cause !== undefined && depth < 5) {
    out.cause = err.cause instanceof Error ? logError(err.cause, depth + 1) : err.cause;
  }
  return out;
}

/**
 * Request logs carry a request id and never a phone number, password, token or cookie:
 * those are personal data (DPDP) or credentials.
 */
export function loggerOptions(
  level: string,
  destination: DestinationStream | undefined,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(destination ? { stream: destination } : {}),
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
      err: logError,
      req(req: { id: string; method: string; url: string }) {
        return { id: req.id, method: req.method, url: maskUrl(req.url) };
      },
    },
  };
}

/**
 * stdout (nothing at level silent) in blocks (block-log.ts) written asynchronously by pino's
 * sonic-boom, which also writes what is left when the process exits.
 */
export function logDestination(level: string): DestinationStream | undefined {
  if (level === 'silent') return undefined;
  return new BlockLog(pino.destination({ dest: 1, sync: false }));
}

/** pino's number for info, the level of the line written for each answered request. */
const infoLevel = pino.levels.values.info ?? 30;

/**
 * One line per request, when it is answered, with the request (its id, method, masked URL),
 * the status and the time taken: Fastify's own logging writes two (incoming, completed).
 * Every other line Fastify writes (errors, 404s, aborted streams) stays as it is.
 */
export class OneLinePerRequest extends LogController {
  /**
   * The answered request's line is written straight to the log's destination, in the shape
   * pino gives it (level, time, pid, hostname, then the fields and msg): every field of it is
   * known and comes from the request (id, method, masked URL) or Fastify (status, time), so
   * pino's general work (a child logger, the serializers, redaction paths, stringifying an
   * object of unknown shape) was a tenth of the CPU of a short call and bought nothing.
   */
  readonly #write: ((line: string) => void) | undefined;
  readonly #origin = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(level: string, destination: DestinationStream | undefined) {
    super();
    const enabled = destination && (pino.levels.values[level] ?? Infinity) <= infoLevel;
    this.#write = enabled ? (line) => destination.write(line) : undefined;
  }

  override incomingRequest(): void {
    // Written with the answer, in requestCompleted.
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: error },
        'request errored',
      );
      return;
    }
    if (!this.#write) return;
    const id = JSON.stringify(request.id);
    this.#write(
      `{"level":${infoLevel},"time":${Date.now()},${this.#origin},"reqId":${id},` +
        `"req":{"id":${id},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(maskUrl(request.url))}},` +
        `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`,
    );
  }
}
