// What other features may use of voice: the audio rule a resumable upload is checked by.
export { voiceRule } from './upload.js';
