// What other features may use of notifications: the notifier they tell users through.
export { createNotificationService, type Notifier } from './service.js';
