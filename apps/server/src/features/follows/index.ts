// What other features may use of follows: the service profiles count followers with.
export type { FollowService } from './service.js';
