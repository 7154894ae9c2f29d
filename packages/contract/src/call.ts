import type { z } from 'zod';
import type { AnyFileRule, FileRule } from './file-rules.js';
import type { MessageCode } from './messages.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One fixed-window rate limit of a call. `per` names whose hits it counts: the caller's
 * address, the signed-in caller, or one value of the parsed body (the phone number, so every
 * way of writing it counts as one). The server counts after the guard and the input checks,
 * before the handler, and answers 429 with `code` and a Retry-After of the window's rest.
 */
export interface LimitRule {
  /** Calls that name the same counter share its count (both sign-in screens, say). */
  counter: string;
  per: 'ip' | 'user' | { body: string };
  max: number;
  windowSeconds: number;
  code: MessageCode;
}

/**
 * How a file answer reaches the browser. Every file the API answers is private (an identity
 * document, a vault file, one's own data), so the server also keeps each out of every cache.
 */
export interface FileAnswer {
  /** One type for every answer of the call; omitted when each file carries its own checked type. */
  contentType?: string;
  /** inline: opened in the tab (a document); attachment: saved (an archive). */
  disposition: 'inline' | 'attachment';
}

/**
 * One HTTP call of the product. The server registers its route from this object and the
 * web client calls it through the same object, so method, path and shapes cannot drift.
 */
export interface Call {
  method: HttpMethod;
  /** Fastify style: /api/v1/video/:videoId */
  path: string;
  summary: string;
  auth: 'public' | 'optional' | 'user' | 'admin';
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * A multipart call's text fields, and its file fields each with the rule its files pass
   * (kinds, size, count, whether required), and `anyOf` when a file must come in one of some
   * fields. The server streams the parts through these checks before the handler runs, which
   * gets the fields parsed and the files stored.
   */
  multipart?: {
    fields: z.ZodType;
    files: Readonly<Record<string, FileRule>>;
    anyOf?: AnyFileRule;
  };
  response: z.ZodType;
  /** Set when the call answers a file rather than JSON (its response is then `fileBody`). */
  file?: FileAnswer;
  /**
   * Set when the server writes the answer itself under a protocol of its own rather than JSON
   * or a file: a Server-Sent Events stream, tus, public media with ranges and validators, the
   * web app's first page. `type` is its content type when it has a body; `response` then only
   * describes that body for the OpenAPI document.
   */
  raw?: { type?: string };
  /** Not part of the API (public media, the web app's page): left out of the OpenAPI document. */
  hidden?: true;
  /** Counted in order; the first one over its limit refuses the call. */
  limits?: readonly LimitRule[];
  /**
   * False leaves the call out of the server's per-IP backstop on every API call
   * (docs/operations.md): a load balancer's health probe comes from one address all day.
   */
  backstop?: false;
}

/** Keeps the literal types of a call (its auth level, which schemas it has). */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

/** The parsed type of one of a call's schemas, or undefined when the call has none. */
export type CallPart<C, K extends 'params' | 'body' | 'query' | 'response'> = C extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.output<S>
  : undefined;

/** What the client sends for one of a call's schemas. */
export type CallInput<C, K extends 'params' | 'body' | 'query'> = C extends {
  [P in K]: infer S extends z.ZodType;
}
  ? z.input<S>
  : undefined;

/** Fills :name segments of a call's path. */
export function callPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
