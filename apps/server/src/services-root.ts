import type { RateLimiter } from './auth/rate-limiter.js';
import type { Config } from './config.js';
import { attentionAnnouncer } from './console/attention.js';
import type { Db } from './db/client.js';
import type { JobQueue } from './jobs/queue.js';
import type { Logger } from './log.js';
import type { Hub } from './realtime/hub.js';
import type { SmsSender } from './sms/sender.js';
import type { Storage } from './storage/storage.js';
import { createDeletionService } from './features/account/deletion.service.js';
import { createExportService } from './features/account/export/service.js';
import { createDashboardService } from './features/admin/dashboard.service.js';
import { createModerationService } from './features/admin/moderation.service.js';
import { createAdminUserService } from './features/admin/users.service.js';
import { createAuthService } from './features/auth/service.js';
import { createDirectoryService } from './features/directory/service.js';
import { createCommentService } from './features/feed/comments.service.js';
import { createLikeService } from './features/feed/likes.service.js';
import { createPostService } from './features/feed/posts.service.js';
import { createReportService } from './features/feed/reports.service.js';
import { createFollowService } from './features/follows/service.js';
import { createGeoService } from './features/geo/service.js';
import { createHelpService } from './features/help/service.js';
import { createTeamService } from './features/help/team.service.js';
import { createIdCardService } from './features/id-cards/service.js';
import { createLocationService } from './features/location/service.js';
import { createPostModerationService } from './features/moderation/service.js';
import { createNotificationService } from './features/notifications/service.js';
import { createProfileService } from './features/profiles/service.js';
import { createSalahService } from './features/salah/service.js';
import { createUploadService } from './features/uploads/service.js';
import type { UploadStore } from './features/uploads/store.js';
import { createVaultService } from './features/vault/service.js';
import { createVoiceService } from './features/voice/service.js';

export interface ServiceDeps {
  config: Pick<Config, 'jwtSecret' | 'fileKey' | 'publicUrl' | 'push'>;
  db: Db;
  storage: Storage;
  sms: SmsSender;
  limiter: RateLimiter;
  jobs: JobQueue;
  hub: Hub;
  log: Logger;
  /** Where resumable uploads wait until they are claimed (features/uploads/store.ts). */
  uploadStore: UploadStore;
}

/**
 * The composition root of the services: which feature is given which other feature's service
 * and which platform pieces. app.ts hands them to the routes; the service tier of tests
 * (test/service-context.ts) calls them directly, so both run the same wiring.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, storage, limiter, jobs, hub, log } = deps;
  const attentionChanged = attentionAnnouncer(db, hub, log);
  const notifications = createNotificationService({ db, hub, jobs, log, push: config.push });
  const uploads = createUploadService({ db, store: deps.uploadStore, storage, log });
  const posts = createPostService({ db, storage, jobs, log, uploads });
  const locations = createLocationService({ db });
  const follows = createFollowService({
    db,
    notifier: notifications,
    nearbyUserIds: (userId) => locations.nearbyUserIds(userId),
  });
  const vault = createVaultService({ db, storage, limiter, fileKey: config.fileKey, log });
  return {
    auth: createAuthService({
      db,
      storage,
      limiter,
      sms: deps.sms,
      log,
      jwtSecret: config.jwtSecret,
      fileKey: config.fileKey,
      publicUrl: config.publicUrl,
      attentionChanged,
      hub,
    }),
    geo: createGeoService(),
    notifications,
    uploads,
    posts,
    likes: createLikeService({ db, notifier: notifications }),
    comments: createCommentService({ db, notifier: notifications }),
    reports: createReportService({ db, attentionChanged }),
    follows,
    profiles: createProfileService({ db, storage, log, posts, follows, limiter }),
    vault,
    deletion: createDeletionService({ db, hub, log }),
    exports: createExportService({
      db,
      storage,
      fileKey: config.fileKey,
      jobs,
      limiter,
      vault,
      log,
    }),
    idCards: createIdCardService({ db, storage, log, publicUrl: config.publicUrl }),
    directory: createDirectoryService({ db, storage, jobs, log }),
    postModeration: createPostModerationService({ db, posts, notifier: notifications, hub, log }),
    help: createHelpService({ db, hub, limiter, notifier: notifications, log }),
    team: createTeamService({ db }),
    voice: createVoiceService({ db, storage, jobs, hub, log, uploads }),
    locations,
    salah: createSalahService({ db }),
    dashboard: createDashboardService({ db }),
    adminUsers: createAdminUserService({ db, storage, fileKey: config.fileKey }),
    userModeration: createModerationService({ db, hub, notifier: notifications, log }),
  };
}

export type Services = ReturnType<typeof createServices>;
