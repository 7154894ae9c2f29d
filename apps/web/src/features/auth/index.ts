/** What other features use of auth. */
export { logout } from './logout';
