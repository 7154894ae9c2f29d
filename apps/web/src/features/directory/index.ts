/** What the admin console uses of the directory. */
export { categoryLabel } from './categoryLabel';
