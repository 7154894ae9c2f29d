import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Call, CallPart, FileAnswer } from '@saathi/contract';
import { authenticate, type AuthDeps } from '../auth/authenticate.js';
import type { Viewer } from '../auth/viewer.js';
import { checkLimits, enforceLimits } from './call-limits.js';
import { Forbidden, invalidField } from './errors.js';
import { operationIdOf } from './operation-ids.js';
import { sendFile, type FileData, type FileReply } from './send-file.js';

export interface CallContext<C extends Call> {
  body: CallPart<C, 'body'>;
  params: CallPart<C, 'params'>;
  query: CallPart<C, 'query'>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface SignedInContext<C extends Call> extends CallContext<C> {
  viewer: Viewer;
}

type Context<C extends Call> = C['auth'] extends 'user' | 'admin'
  ? SignedInContext<C>
  : CallContext<C> & { viewer: Viewer | null };

/**
 * A JSON call's handler answers its response; a file call's handler, the file; a raw call's
 * handler writes its answer itself (or hands the connection over: reply.hijack) and answers
 * the reply.
 */
type Answer<C extends Call> = C extends { raw: object }
  ? FastifyReply
  : C extends { file: infer A extends FileAnswer }
    ? FileReply<A>
    : CallPart<C, 'response'>;

export interface CallOptions {
  /** Blocked accounts may still call this (to learn they are blocked, or to sign out). */
  allowBlocked?: boolean;
  /** Per-route body size cap; multipart calls enforce their own per-file caps. */
  bodyLimit?: number;
  /** Left out of on-the-fly compression: the answer is compressed already, or counted in bytes. */
  compress?: false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract call the route was made from (http/only-calls.ts refuses any other). */
    call?: Call;
  }
}

const errorBody = z.looseObject({
  success: z.literal(false),
  message: z.string(),
  code: z.string().optional(),
});

/** The caller each request's guard found, handed from preValidation to the handler. */
const callers = new WeakMap<FastifyRequest, Viewer | null>();

/** The signed-in caller of a contract call, for code below its handler (upload limits). */
export const callerOf = (request: FastifyRequest): Viewer | null => callers.get(request) ?? null;

/** The success answer as the OpenAPI document lists it: JSON, or the bytes of a file or raw call. */
function successSchema(call: Call) {
  if (!call.file && !call.raw) return { 200: call.response };
  const type = call.file ? (call.file.contentType ?? 'application/octet-stream') : call.raw?.type;
  // A raw answer without a body (tus) is described by its summary: statuses and headers.
  if (!type) return {};
  return { 200: { description: call.summary, content: { [type]: { schema: call.response } } } };
}

/**
 * Registers one contract call: its method and path, the contract's schemas for validation
 * and OpenAPI, the guard its `auth` names and the rate limits it declares (counted after the
 * guard and the input checks, before the handler). The handler gets parsed values and the
 * caller. The only way a route is made (http/only-calls.ts).
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  deps: AuthDeps,
  call: C,
  handler: (ctx: Context<C>) => Promise<Answer<C>>,
  options: CallOptions = {},
): void {
  checkLimits(call);
  const tag = call.path.split('/').filter((s) => s && s !== 'api' && !/^v\d$/.test(s))[0];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    bodyLimit: options.bodyLimit,
    ...(options.compress === false ? { compress: false } : {}),
    schema: {
      ...(call.hidden ? { hide: true } : {}),
      summary: call.summary,
      operationId: operationIdOf(call),
      tags: tag ? [tag] : undefined,
      ...(call.auth === 'user' || call.auth === 'admin' ? { security: [{ bearer: [] }] } : {}),
      ...(call.params ? { params: call.params } : {}),
      // A multipart call's JSON form (files named by upload id) is parsed by the handler below.
      ...(call.body && !call.multipart ? { body: call.body } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: { ...successSchema(call), '4xx': errorBody },
    },
    config: { call, backstop: call.backstop !== false },
    // Before validation: a caller who may not use the call learns nothing about its input rules.
    preValidation: async (request) => {
      // Public calls ignore credentials: a stale or blocked token (the cookie rides along on
      // every request) must not stop the sign-in screens or the blocked screen's own calls.
      const viewer =
        call.auth === 'public'
          ? null
          : await authenticate(deps, request, {
              required: call.auth === 'user' || call.auth === 'admin',
              allowBlocked: options.allowBlocked ?? false,
            });
      if (call.auth === 'admin' && viewer?.user.usertype !== 'admin') throw Forbidden();
      callers.set(request, viewer);
    },
    handler: async (request, reply) => {
      const viewer = callers.get(request) ?? null;
      const ctx = {
        body: call.multipart && call.body ? jsonForm(call.body, request) : request.body,
        params: request.params,
        query: request.query,
        request,
        reply,
        viewer,
      } as Context<C>;
      await enforceLimits(deps.limiter, call, request, viewer, ctx.body);
      const answer = await handler(ctx);
      if (call.raw) return reply;
      // Answer<C> is a file exactly when the call declares one; TypeScript cannot narrow it.
      return call.file ? sendFile(reply, call.file, answer as FileData) : answer;
    },
  });
}

/**
 * A multipart call may also take JSON (its files sent before as resumable uploads): the
 * body is validated here, as the schema would, unless the request is multipart.
 */
function jsonForm(schema: z.ZodType, request: FastifyRequest): unknown {
  if (request.isMultipart()) return undefined;
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) throw invalidField(parsed.error.issues[0]);
  return parsed.data;
}
