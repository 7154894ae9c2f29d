import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, Metadata, Server, type Locker } from '@tus/server';
import {
  messages,
  uploadCalls,
  uploadLimits,
  uploadPurpose,
  uploadPurposeKey,
  uploadRef,
  uploadsPath,
} from '@saathi/contract';
import type { AuthDeps } from '../../auth/authenticate.js';
import type { Viewer } from '../../auth/viewer.js';
import type { Db } from '../../db/client.js';
import { fillMessage, HttpError, Invalid, NotFound, TooLarge } from '../../http/errors.js';
import { registerCall } from '../../http/register-call.js';
import { takeUploadSlot, uploadDeadline } from '../../media/upload-guard.js';
import {
  deleteUploadRow,
  findOwnUpload,
  findUpload,
  insertUploadUnlessFull,
  markUploadCompleted,
} from './queries.js';
import { ruleFor } from './rules.js';
import type { UploadService } from './service.js';
import type { UploadStore } from './store.js';

export interface UploadRouteDeps {
  db: Db;
  store: UploadStore;
  uploads: UploadService;
  /** tus's lock on an upload: shared by the API processes (shared-locker.ts), else in memory. */
  locker?: Locker;
}

/** The largest file any purpose takes; each purpose's own cap is checked at creation. */
const maxUploadBytes = Math.max(
  ...uploadPurpose.options.map((purpose) => ruleFor(purpose).maxBytes),
);

/** The id of the last path segment, or undefined if it is not one of ours. */
const idOf = (segment: string | undefined) => {
  const parsed = uploadRef.safeParse(segment?.split('/').at(-1));
  return parsed.success ? parsed.data : undefined;
};

const errorBody = (error: HttpError) =>
  JSON.stringify({ success: false, message: error.message, code: error.code, ...error.extra });

/**
 * tus 1.0 (core, creation, termination, expiration) at /api/v1/uploads, on @tus/server.
 * Every request is signed in and checked here first, against our own `uploads` rows (tus
 * metadata is the client's word): an upload is its creator's, anyone else gets 404. Then
 * the raw request goes to tus, which streams the body into the store: Fastify never reads it.
 */
export function uploadRoutes(app: FastifyInstance, auth: AuthDeps, deps: UploadRouteDeps): void {
  const { db, store, uploads } = deps;
  /** The id a creation request was given here, for tus's naming of its bytes. */
  const creating = new WeakMap<object, string>();

  const tus = new Server({
    path: uploadsPath,
    datastore: store.datastore,
    ...(deps.locker ? { locker: deps.locker } : {}),
    maxSize: maxUploadBytes,
    namingFunction: (req) => {
      const id = req.runtime?.node?.req && creating.get(req.runtime.node.req);
      if (!id) throw ERRORS.UNKNOWN_ERROR;
      return store.keyOf(id);
    },
    // The URL names the upload by its id alone (the store's key may carry an S3 prefix).
    generateUrl: (_req, { path, id }) => `${path}/${idOf(id) ?? ''}`,
    getFileIdFromRequest: (_req, last) => {
      const id = idOf(last);
      return id && store.keyOf(id);
    },
    onUploadFinish: async (_req, upload) => {
      const id = idOf(upload.id);
      const row = id ? await findUpload(db, id) : undefined;
      if (!row) throw ERRORS.FILE_NOT_FOUND;
      await uploads.verifyFinished(row);
      await markUploadCompleted(db, row.id);
      return {};
    },
    // Our refusals in our own words; tus's protocol answers as they are; anything else is a
    // failure of ours, logged, and answered without its details.
    onResponseError: (req, error) => {
      if (error instanceof HttpError) return { status_code: error.status, body: errorBody(error) };
      if (!(error instanceof Error)) return undefined;
      app.log.error({ err: error, url: req.url }, 'resumable upload failed');
      return { status_code: 500, body: errorBody(new HttpError(500, 'server_error')) };
    },
  });

  /** Hands the raw request to tus, which answers it. */
  async function toTus(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    reply.hijack();
    reply.raw.setHeader('x-request-id', request.id);
    reply.raw.setHeader('cache-control', 'no-store');
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (err) {
      // The connection went while the answer was written: the client asks for the offset again.
      request.log.info({ err }, 'resumable upload answer not delivered');
      reply.raw.destroy();
    }
    return reply.raw.statusCode;
  }

  /**
   * A PATCH body counts against the caller's concurrent uploads (media/upload-guard.ts), and
   * one that stops arriving is cut: what arrived is kept, and the client resumes from there.
   */
  function guardBody(request: FastifyRequest, reply: FastifyReply, viewer: Viewer): void {
    const release = takeUploadSlot(request, viewer.user.id);
    const deadline = uploadDeadline(request, app.uploadTimeouts);
    deadline.signal.addEventListener('abort', () => request.raw.destroy(), { once: true });
    reply.raw.once('close', () => {
      deadline.stop();
      release();
    });
  }

  void app.register(async (scope) => {
    // The body is tus's to stream into the store.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
      done(null);
    });

    registerCall(scope, auth, uploadCalls.create, async ({ request, reply, viewer }) => {
      const length = request.headers['upload-length'];
      if (typeof length !== 'string' || !/^\d{1,12}$/.test(length)) {
        throw Invalid('upload_length_required');
      }
      const size = Number(length);
      const purpose = uploadPurpose.safeParse(metadataOf(request)?.[uploadPurposeKey]);
      if (!purpose.success) throw Invalid('upload_purpose_invalid');
      const rule = ruleFor(purpose.data);
      if (size > rule.maxBytes) throw TooLarge(rule.tooLargeCode, { n: 1 });
      if (size === 0) throw Invalid(rule.rejectCode, undefined, { n: 1 });
      const id = randomUUID();
      const full = await insertUploadUnlessFull(db, {
        id,
        userId: viewer.user.id,
        purpose: purpose.data,
        size,
        storageKey: store.keyOf(id),
      });
      if (full === 'unfinished') {
        const max = uploadLimits.unfinishedMax;
        const message = fillMessage(messages.uploads_unfinished, { max });
        throw new HttpError(429, 'uploads_unfinished', message, { params: { max } });
      }
      if (full === 'waiting') throw new HttpError(429, 'uploads_waiting');
      creating.set(request.raw, id);
      if (request.headers['content-type'] === 'application/offset+octet-stream') {
        guardBody(request, reply, viewer);
      }
      const status = await toTus(request, reply);
      // Refused by tus (a malformed header) or by the checks of a body sent with it.
      if (status !== 201) await deleteUploadRow(db, id);
      return reply;
    });

    /** The caller's own upload the URL names; anyone else's, or none, is 404. */
    const ownUpload = async (segment: string, viewer: Viewer) => {
      const id = idOf(segment);
      const row = id && (await findOwnUpload(db, id, viewer.user.id));
      if (!row) throw NotFound('upload_not_found');
      return row;
    };
    registerCall(scope, auth, uploadCalls.offset, async ({ request, reply, params, viewer }) => {
      await ownUpload(params.id, viewer);
      await toTus(request, reply);
      return reply;
    });
    registerCall(scope, auth, uploadCalls.append, async ({ request, reply, params, viewer }) => {
      await ownUpload(params.id, viewer);
      guardBody(request, reply, viewer);
      await toTus(request, reply);
      return reply;
    });
    registerCall(scope, auth, uploadCalls.cancel, async ({ reply, params, viewer }) => {
      // Termination, answered here: the row and the bytes go before the answer does.
      await uploads.remove(await ownUpload(params.id, viewer));
      return reply.status(204).header('tus-resumable', '1.0.0').send();
    });
  });
}

/** tus Upload-Metadata ("key base64value,..."); undefined when malformed. */
function metadataOf(request: FastifyRequest): Record<string, string | null> | undefined {
  const header = request.headers['upload-metadata'];
  if (typeof header !== 'string') return undefined;
  try {
    return Metadata.parse(header);
  } catch {
    return undefined;
  }
}
