// What other features may use of profiles: the profile photo's store (id cards).
export { storeAvatar } from './photo.js';
