import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Call, CallPart, FileAnswer } from '@saathi/contract';
import { authenticate, type AuthDeps } from '../auth/authenticate.js';
import type { Viewer } from '../auth/viewer.js';
import type { CheckedUpload, UploadTarget } from '../media/checked-upload.js';
import { withUpload } from './call-upload.js';
import { checkLimits, enforceLimits } from './call-limits.js';
import { Forbidden, Invalid, invalidField } from './errors.js';
import { operationIdOf } from './operation-ids.js';
import { sendFile, type FileData, type FileReply } from './send-file.js';

interface Parts<C extends Call> {
  params: CallPart<C, 'params'>;
  query: CallPart<C, 'query'>;
  request: FastifyRequest;
  reply: FastifyReply;
  viewer: C['auth'] extends 'user' | 'admin' ? Viewer : Viewer | null;
}

/**
 * What a call was sent. A multipart call's handler gets its upload, checked and stored; one
 * that also takes a JSON form (files sent before as resumable uploads) gets exactly one of the
 * two.
 */
type Input<C extends Call> = C extends { multipart: { fields: infer F extends z.ZodType } }
  ? C extends { body: z.ZodType }
    ? | { upload: CheckedUpload<z.output<F>>; body: undefined }
      | { upload: undefined; body: NonNullable<CallPart<C, 'body'>> }
    : { upload: CheckedUpload<z.output<F>>; body: undefined }
  : { upload?: undefined; body: CallPart<C, 'body'> };

type Context<C extends Call> = Parts<C> & Input<C>;

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

export interface CallOptions<C extends Call> {
  /** Blocked accounts may still call this (to learn they are blocked, or to sign out). */
  allowBlocked?: boolean;
  /** Left out of on-the-fly compression: the answer is compressed already, or counted in bytes. */
  compress?: false;
  /** Where a multipart call's files are stored (required for one). */
  upload?: UploadTarget;
  /**
   * A multipart call's refusals that need no file (a locked vault, an account that may not
   * apply), made before its files are read (or its JSON form's uploads attached). It may
   * answer a release, called when the call ends: a hold it took meanwhile (posts counted as
   * arriving).
   */
  before?: (ctx: Context<C>) => Promise<() => void> | Promise<void>;
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
 * guard and the input checks, before the handler). A multipart call's parts are streamed
 * through its upload rules (http/call-upload.ts) before the handler. The handler gets parsed
 * values and the caller. The only way a route is made (http/only-calls.ts).
 */
export function registerCall<C extends Call>(
  app: FastifyInstance,
  deps: AuthDeps,
  call: C,
  handler: (ctx: Context<C>) => Promise<Answer<C>>,
  options: CallOptions<C> = {},
): void {
  checkLimits(call);
  const { multipart } = call;
  const target = options.upload;
  if (multipart && !target) {
    throw new Error(`${call.method} ${call.path}: a multipart call needs options.upload`);
  }
  const tag = call.path.split('/').filter((s) => s && s !== 'api' && !/^v\d$/.test(s))[0];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
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
      // A multipart call's JSON form: its files were sent before, as resumable uploads.
      const form = multipart && !request.isMultipart() ? call.body : undefined;
      const uploading = multipart && target && !form;
      // Context<C> is the union of what each kind of call is sent; TypeScript cannot narrow C.
      const ctx = {
        body: multipart ? form && jsonForm(form, request) : request.body,
        params: request.params,
        query: request.query,
        request,
        reply,
        viewer,
      } as Context<C>;
      await enforceLimits(deps.limiter, call, request, viewer, ctx.body);
      const held = await options.before?.(ctx);
      let answer: Answer<C>;
      try {
        answer = uploading
          ? await withUpload(multipart, request, viewer, target, (upload) =>
              handler({ ...ctx, upload } as Context<C>),
            )
          : await handler(ctx);
      } finally {
        if (typeof held === 'function') held();
      }
      if (call.raw) return reply;
      // Answer<C> is a file exactly when the call declares one; TypeScript cannot narrow it.
      return call.file ? sendFile(reply, call.file, answer as FileData) : answer;
    },
  });
}

/**
 * A multipart call's JSON form is validated here, as the schema would (the route's schema
 * cannot, since a multipart body is read later). A request that is neither form is unreadable.
 */
function jsonForm(schema: z.ZodType, request: FastifyRequest): unknown {
  const parsed = schema.safeParse(request.body);
  if (!parsed.success) throw invalidField(parsed.error.issues[0]);
  if (parsed.data === undefined) throw Invalid('bad_multipart');
  return parsed.data;
}
