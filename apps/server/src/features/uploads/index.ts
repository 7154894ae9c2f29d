// What other features may use of uploads: finished resumable uploads handed to a post or a
// note, and the store that account erasure empties.
export type { UploadService, WantedUpload } from './service.js';
export { openUploadStore, type UploadStore } from './store.js';
