// What other features may use of auth: account blocking and password replacement.
export { blockAccount, isBlockedLocked, unblockAccount } from './block.js';
export { replacePassword } from './replace-password.js';
