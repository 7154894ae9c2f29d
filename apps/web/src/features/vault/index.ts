/** What the profile shows of the vault. */
export { PersonalDocumentsButton } from './PersonalDocumentsButton';
