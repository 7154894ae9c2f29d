import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP call of the product. The server registers its route from this object and the
 * web client calls it through the same object, so method, path and shapes cannot drift.
 */
export interface Call<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify style: /api/v1/video/:videoId */
  path: string;
  summary: string;
  auth: 'public' | 'optional' | 'user' | 'admin';
  params?: Params;
  body?: Body;
  query?: Query;
  /** Multipart calls declare their text fields here; files are described in `files`. */
  multipart?: { fields: z.ZodType; files: readonly string[] };
  response: Response;
}

export function defineCall<
  P extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  R extends z.ZodType,
>(call: Call<P, B, Q, R>): Call<P, B, Q, R> {
  return call;
}

/** Fills :name segments of a call's path. */
export function callPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
