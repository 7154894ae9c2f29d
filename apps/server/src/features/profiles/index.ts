// What other features may use of profiles: the profile photo's rule and store (id cards).
export { photoRule, storeAvatar } from './photo.js';
