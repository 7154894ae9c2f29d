import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { limits } from '@saathi/contract';
import type { AuthDeps } from './auth/authenticate.js';
import type { RateLimiter } from './auth/rate-limiter.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { adminRoutes } from './features/admin/routes.js';
import { adminUserRoutes } from './features/admin/users.routes.js';
import { appRoutes } from './features/app/routes.js';
import { authRoutes } from './features/auth/routes.js';
import { accountRoutes } from './features/account/routes.js';
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
import { requestLoggerFactory } from './http/request-logger.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { securityHeaders } from './http/security-headers.js';
import { webApp } from './http/web-app.js';
import type { SmsSender } from './sms/sender.js';
import type { JobQueue } from './jobs/queue.js';
import { feedRoutes } from './features/feed/routes.js';
import { firstPageRoute, firstVideoStarterHash } from './features/feed/first-page.js';
import { geoRoutes } from './features/geo/routes.js';
import { followRoutes } from './features/follows/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import type { Hub } from './realtime/hub.js';
import { defaultStreamTiming, type StreamTiming } from './realtime/stream-guard.js';
import { idCardRoutes } from './features/id-cards/routes.js';
import { directoryRoutes } from './features/directory/routes.js';
import { moderationRoutes } from './features/moderation/routes.js';
import { vaultRoutes } from './features/vault/routes.js';
import { locationRoutes } from './features/location/routes.js';
import { salahRoutes } from './features/salah/routes.js';
import { helpRoutes } from './features/help/routes.js';
import { voiceRoutes } from './features/voice/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import type { Locker } from '@tus/server';
import { openUploadStore } from './features/uploads/store.js';
import type { Storage } from './storage/storage.js';
import { configureUploads } from './media/upload-guard.js';
import { createServices } from './services-root.js';
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
  /**
   * tus's lock on an upload, shared by the API processes when there are several
   * (features/uploads/shared-locker.ts); this process's memory when left out.
   */
  uploadLocker?: Locker;
  /** How often live streams re-check their session and how long they live (tests shorten them). */
  streamTiming?: StreamTiming;
  /**
   * How long a plugin may take to load before the start fails (Fastify's 10 s when left out).
   * The tests give more: a test process starved on a busy 2-core machine once took longer.
   */
  pluginTimeoutMs?: number;
}

/**
 * The zod compilers as Fastify's compiler factories (what setValidatorCompiler installs), given
 * at construction so Fastify never loads its defaults, ajv and fast-json-stringify: they were
 * most of the CPU of building the app at every start. Fastify types the factories for ajv's
 * JSON schemas; the zod compilers take each route's schema exactly as they do when set.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => responseSerializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The whole HTTP application, from its dependencies. main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const logStream = deps.logStream ?? logDestination(config.logLevel);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    logController: new OneLinePerRequest(config.logLevel, logStream),
    childLoggerFactory: requestLoggerFactory,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    frameworkErrors,
    ...serverTimeouts(config.timeouts),
    schemaController: { compilersFactory: zodCompilers },
    ...(deps.pluginTimeoutMs === undefined ? {} : { pluginTimeout: deps.pluginTimeoutMs }),
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
  // Callback hooks, not async ones: an async hook costs every answer a promise and a turn.
  app.addHook('onSend', (request, reply, _payload, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });

  // Before any plugin's routes: the docs viewer's are the only others.
  onlyContractCalls(app, ['/api/docs']);
  // The one inline script: the feed's first video starter (features/feed/first-page.ts).
  securityHeaders(app, [firstVideoStarterHash]);
  await compression(app);
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

  const uploadStore = await openUploadStore(config);
  const services = createServices({
    config,
    db: deps.database.db,
    storage: deps.storage,
    sms: deps.sms,
    limiter: deps.limiter,
    jobs: deps.jobs,
    hub: deps.hub,
    log: app.log,
    uploadStore,
  });
  const streams = { hub: deps.hub, timing: deps.streamTiming ?? defaultStreamTiming };

  mediaRoute(app, auth, deps.storage);
  const redis = deps.redis;
  appRoutes(
    app,
    auth,
    { supportEmail: config.supportEmail, publicUrl: config.publicUrl },
    { redis: redis && (() => redis.ping()), redisTimeoutMs: config.redisTimeoutMs },
  );
  authRoutes(app, auth, services.auth);
  geoRoutes(app, auth, services.geo);
  uploadRoutes(app, auth, {
    db: deps.database.db,
    store: uploadStore,
    uploads: services.uploads,
    locker: deps.uploadLocker,
  });
  feedRoutes(app, auth, services);
  if (spa) firstPageRoute(app, auth, services.posts, config.webDist);
  followRoutes(app, auth, services.follows);
  profileRoutes(app, auth, services.profiles);
  notificationRoutes(app, auth, services.notifications, streams);
  vaultRoutes(app, auth, services.vault);
  accountRoutes(app, auth, services);
  idCardRoutes(app, auth, services.idCards);
  directoryRoutes(app, auth, services.directory);
  moderationRoutes(app, auth, services.postModeration);
  helpRoutes(app, auth, services.help, services.team);
  voiceRoutes(app, auth, services.voice, streams);
  locationRoutes(app, auth, services.locations);
  salahRoutes(app, auth, services.salah);
  adminRoutes(app, auth, streams, services.dashboard);
  adminUserRoutes(app, auth, services.adminUsers, services.userModeration);
  return app;
}
