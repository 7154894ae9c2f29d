// What other features may use of account: signing in within the grace period keeps the account;
// the console's demotion keeps an admin who is not leaving, as a deletion request does.
export { cancelDeletion, otherStayingAdmins } from './queries.js';
