import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
  /** Multipart calls declare their text fields here; files are described in `files`. */
  multipart?: { fields: z.ZodType; files: readonly string[] };
  response: z.ZodType;
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
