export * from './call.js';
export * from './limits.js';
export * from './messages.js';
export * from './phone.js';
export * from './common.js';
export * from './users.js';
export * from './auth.js';
export * from './app.js';
