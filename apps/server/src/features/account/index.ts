// What other features may use of account: signing in within the grace period keeps the account.
export { cancelDeletion } from './queries.js';
