import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { limits } from '@saathi/contract';
import type { AuthDeps } from './auth/authenticate.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { attentionAnnouncer } from './console/attention.js';
import { createDashboardService } from './features/admin/dashboard.service.js';
import { createModerationService } from './features/admin/moderation.service.js';
import { adminRoutes } from './features/admin/routes.js';
import { adminUserRoutes } from './features/admin/users.routes.js';
import { createAdminUserService } from './features/admin/users.service.js';
import { appRoutes } from './features/app/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { accountRoutes } from './features/account/routes.js';
import { createDeletionService } from './features/account/deletion.service.js';
import { createExportService } from './features/account/export/service.js';
import { createAuthService } from './features/auth/service.js';
import { apiBackstop } from './http/backstop.js';
import { compression } from './http/compression.js';
import { closeWhenBodyUnread, serverTimeouts } from './http/connections.js';
import { frameworkErrors, registerErrorHandler } from './http/error-handler.js';
import {
  logDestination,
  loggerOptions,
  OneLinePerRequest,
  type DestinationStream,
} from './http/logging.js';
import { mediaRoute } from './http/media-route.js';
import { onlyContractCalls } from './http/only-calls.js';
import { securityHeaders } from './http/security-headers.js';
import { webApp } from './http/web-app.js';
import type { SmsSender } from './sms/sender.js';
import type { JobQueue } from './jobs/queue.js';
import { createCommentService } from './features/feed/comments.service.js';
import { createLikeService } from './features/feed/likes.service.js';
import { createPostService } from './features/feed/posts.service.js';
import { createReportService } from './features/feed/reports.service.js';
import { feedRoutes } from './features/feed/routes.js';
import { firstPageRoute, firstVideoStarterHash } from './features/feed/first-page.js';
import { geoRoutes } from './features/geo/routes.js';
import { followRoutes } from './features/follows/routes.js';
import { createFollowService } from './features/follows/service.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { createNotificationService } from './features/notifications/service.js';
import { profileRoutes } from './features/profiles/routes.js';
import { createProfileService } from './features/profiles/service.js';
import type { Hub } from './realtime/hub.js';
import { defaultStreamTiming, type StreamTiming } from './realtime/stream-guard.js';
import { idCardRoutes } from './features/id-cards/routes.js';
import { createIdCardService } from './features/id-cards/service.js';
import { directoryRoutes } from './features/directory/routes.js';
import { moderationRoutes } from './features/moderation/routes.js';
import { createPostModerationService } from './features/moderation/service.js';
import { createDirectoryService } from './features/directory/service.js';
import { vaultRoutes } from './features/vault/routes.js';
import { createVaultService } from './features/vault/service.js';
import { createGeoService } from './features/geo/service.js';
import { locationRoutes } from './features/location/routes.js';
import { createLocationService } from './features/location/service.js';
import { salahRoutes } from './features/salah/routes.js';
import { createSalahService } from './features/salah/service.js';
import { helpRoutes } from './features/help/routes.js';
import { createHelpService } from './features/help/service.js';
import { createTeamService } from './features/help/team.service.js';
import { voiceRoutes } from './features/voice/routes.js';
import { createVoiceService } from './features/voice/service.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { createUploadService } from './features/uploads/service.js';
import { openUploadStore } from './features/uploads/store.js';
import type { Storage } from './storage/storage.js';
import { configureUploads } from './media/upload-guard.js';
import { fastifyTrustProxy } from './trust-proxy.js';

export interface AppDeps {
  config: Config;
  database: Database;
  storage: Storage;
  sms: SmsSender;
  limiter: RateLimiter;
  jobs: JobQueue;
  hub: Hub;
  /** Where log lines go instead of stdout: the tests read them to prove nothing personal is logged. */
  logStream?: DestinationStream;
  /** The shared Redis, when there is one: `/api/health` reports whether it answers. */
  redis?: { ping(): Promise<unknown> };
  /** How often live streams re-check their session and how long they live (tests shorten them). */
  streamTiming?: StreamTiming;
}

/**
 * The zod compilers as Fastify's compiler factories (what setValidatorCompiler installs), given
 * at construction so Fastify never loads its defaults, ajv and fast-json-stringify: they were
 * most of the CPU of building the app at every start. Fastify types the factories for ajv's
 * JSON schemas; the zod compilers take each route's schema exactly as they do when set.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The whole HTTP application, from its dependencies. main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logStream = deps.logStream ?? logDestination(config.logLevel);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new OneLinePerRequest(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    ...serverTimeouts(config.timeouts),
    schemaController: { compilersFactory: zodCompilers },
  });
  configureUploads(app, {
    idleMs: config.timeouts.uploadIdleMs,
    totalMs: config.timeouts.requestMs,
  });
  closeWhenBodyUnread(app);
  // Fastify logs "Server listening" just before onListen; out of the buffer now, whoever waits
  // for that line (a supervisor, the bench) sees it when the server answers, not a second late.
  app.addHook('onListen', (done) => {
    logStream?.flush?.();
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Before any plugin's routes: the docs viewer's are the only others.
  onlyContractCalls(app, ['/api/docs']);
  // The one inline script: the feed's first video starter (features/feed/first-page.ts).
  securityHeaders(app, [firstVideoStarterHash]);
  await compression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    // Per-file caps are checked while streaming; these bound what any one request may carry.
    limits: {
      fileSize: limits.identityImageMaxBytes + 1,
      files: 12,
      fields: 30,
      fieldSize: 64 * 1024,
      parts: 45,
    },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Saathi API',
        version: '1.0.0',
        description: 'Generated from packages/contract. Deviations from the spec: docs/api.md.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const auth: AuthDeps = {
    db: deps.database.db,
    jwtSecret: config.jwtSecret,
    limiter: deps.limiter,
  };
  const spa = await webApp(app, auth, config.webDist);
  registerErrorHandler(app, { spa });
  apiBackstop(app, deps.limiter, config.apiCallsPerMinute);

  const attentionChanged = attentionAnnouncer(deps.database.db, deps.hub, app.log);
  const authService = createAuthService({
    db: deps.database.db,
    storage: deps.storage,
    limiter: deps.limiter,
    sms: deps.sms,
    log: app.log,
    jwtSecret: config.jwtSecret,
    fileKey: config.fileKey,
    publicUrl: config.publicUrl,
    attentionChanged,
    hub: deps.hub,
  });

  mediaRoute(app, auth, deps.storage);
  const redis = deps.redis;
  appRoutes(
    app,
    auth,
    { supportEmail: config.supportEmail, publicUrl: config.publicUrl },
    { redis: redis && (() => redis.ping()), redisTimeoutMs: config.redisTimeoutMs },
  );
  authRoutes(app, auth, authService);
  geoRoutes(app, auth, createGeoService());
  const db = deps.database.db;
  const notifications = createNotificationService({
    db,
    hub: deps.hub,
    jobs: deps.jobs,
    log: app.log,
    push: config.push,
  });
  const uploadStore = await openUploadStore(config);
  const uploads = createUploadService({
    db,
    store: uploadStore,
    storage: deps.storage,
    log: app.log,
  });
  uploadRoutes(app, auth, { db, store: uploadStore, uploads });
  const posts = createPostService({
    db,
    storage: deps.storage,
    jobs: deps.jobs,
    log: app.log,
    uploads,
  });
  const locations = createLocationService({ db });
  const follows = createFollowService({
    db,
    notifier: notifications,
    nearbyUserIds: (userId) => locations.nearbyUserIds(userId),
  });
  feedRoutes(app, auth, {
    posts,
    likes: createLikeService({ db, notifier: notifications }),
    comments: createCommentService({ db, notifier: notifications }),
    reports: createReportService({ db, attentionChanged }),
  });
  if (spa) firstPageRoute(app, auth, posts, config.webDist);
  followRoutes(app, auth, follows);
  profileRoutes(
    app,
    auth,
    createProfileService({
      db,
      storage: deps.storage,
      log: app.log,
      posts,
      follows,
      limiter: deps.limiter,
    }),
  );
  const streams = { hub: deps.hub, timing: deps.streamTiming ?? defaultStreamTiming };
  notificationRoutes(app, auth, notifications, streams);
  const vault = createVaultService({
    db,
    storage: deps.storage,
    limiter: deps.limiter,
    fileKey: config.fileKey,
    log: app.log,
  });
  vaultRoutes(app, auth, vault);
  accountRoutes(app, auth, {
    deletion: createDeletionService({ db, hub: deps.hub, log: app.log }),
    exports: createExportService({
      db,
      storage: deps.storage,
      fileKey: config.fileKey,
      jobs: deps.jobs,
      limiter: deps.limiter,
      vault,
      log: app.log,
    }),
  });
  idCardRoutes(
    app,
    auth,
    createIdCardService({
      db,
      storage: deps.storage,
      log: app.log,
      publicUrl: config.publicUrl,
    }),
  );
  directoryRoutes(
    app,
    auth,
    createDirectoryService({ db, storage: deps.storage, jobs: deps.jobs, log: app.log }),
  );
  moderationRoutes(
    app,
    auth,
    createPostModerationService({
      db,
      posts,
      notifier: notifications,
      hub: deps.hub,
      log: app.log,
    }),
  );
  helpRoutes(
    app,
    auth,
    createHelpService({
      db,
      hub: deps.hub,
      limiter: deps.limiter,
      notifier: notifications,
      log: app.log,
    }),
    createTeamService({ db }),
  );
  voiceRoutes(
    app,
    auth,
    createVoiceService({
      db,
      storage: deps.storage,
      jobs: deps.jobs,
      hub: deps.hub,
      log: app.log,
      uploads,
    }),
    streams,
  );
  locationRoutes(app, auth, locations);
  salahRoutes(app, auth, createSalahService({ db }));
  adminRoutes(app, auth, streams, createDashboardService({ db }));
  adminUserRoutes(
    app,
    auth,
    createAdminUserService({ db, storage: deps.storage, fileKey: config.fileKey }),
    createModerationService({ db, hub: deps.hub, notifier: notifications, log: app.log }),
  );
  return app;
}
