/** What the profile shows of the account: the deletion banner and "Your data". */
export { DeletionBanner } from './DeletionBanner';
export { YourDataSection } from './YourDataSection';
