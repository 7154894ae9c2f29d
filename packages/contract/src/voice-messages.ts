/**
 * Voice Chat and Voice Recorder messages. Apart from voice.ts because messages.ts spreads
 * them, and voice.ts imports posts.ts, which reads messages while it loads.
 */
export const voiceMessages = {
  voice_required: 'Please record a voice note first',
  voice_not_audio: 'This file is not a voice recording. Please record again.',
  voice_too_short: 'Recording too short. Try again.',
  voice_too_large: 'The recording is too large. The limit is 5 MB.',
  voice_too_long: 'A recording can be at most 5 minutes long.',
  voice_processing_failed: 'The recording could not be processed. Please record it again.',
  voice_too_many:
    'You have sent many recordings in a short time. Please wait a little and try again.',
  voice_uploaded: 'Voice note uploaded!',
  voice_not_found: 'This voice note does not exist',
  voice_not_owner: 'You can only delete your own voice notes',
  voice_deleted: 'Voice note deleted',
  audio_name_too_long: 'The name can be at most 100 characters',
  audio_uploaded: 'Recording uploaded',
} as const;
