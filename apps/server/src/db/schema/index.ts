export * from './users.js';
export * from './sessions.js';
export * from './password-resets.js';
export * from './identity-documents.js';
export * from './posts.js';
export * from './follows.js';
export * from './notifications.js';
