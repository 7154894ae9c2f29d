/** What the profile shows of ID cards. */
export { IdCardButton } from './IdCardButton';
