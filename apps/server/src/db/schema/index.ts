export * from './users.js';
export * from './sessions.js';
export * from './password-resets.js';
export * from './identity-documents.js';
export * from './posts.js';
