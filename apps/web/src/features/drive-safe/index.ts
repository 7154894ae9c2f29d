/** What other features use of drive-safe mode: whether videos are held, and its setting. */
export { setVideosHeld, useVideosHeld } from './hold';
export { DriveSafeSetting } from './DriveSafeSetting';
