/** Resumable uploads (tus) and their progress, for posts and voice. */
export {
  dropFinished,
  forgetFile,
  forgetUnfinished,
  isCancelled,
  sendResumable,
  unfinishedUpload,
  type UploadState,
} from './resumableUpload';
export { percentSent } from './uploadTime';
export { UploadProgress } from './UploadProgress';
