import { messages, type AudioItem, type VoiceNote } from '@saathi/contract';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { AuthorRow } from '../../db/user-columns.js';
import { mediaUrl } from '../../storage/media-url.js';
import type { VoiceNoteRow } from './queries.js';

function common(note: VoiceNoteRow) {
  const mediaKey = note.status === 'ready' ? note.mediaKey : null;
  return {
    _id: note.id,
    url: mediaKey ? mediaUrl(mediaKey) : null,
    createdAt: note.createdAt.toISOString(),
    status: note.status,
    failureReason:
      note.status === 'failed' ? (note.failureReason ?? messages.voice_processing_failed) : null,
    duration: mediaKey && note.durationMs !== null ? note.durationMs / 1000 : null,
  };
}

export function presentNote(note: VoiceNoteRow, author: AuthorRow): VoiceNote {
  // Everyone signed in hears a note, so its author never comes with a phone number, even
  // one they chose to show on their posts.
  return { ...common(note), user: publicAuthorOf({ ...author, showNumber: false }) };
}

export function presentAudio(note: VoiceNoteRow): AudioItem {
  const { url, ...rest } = common(note);
  return { ...rest, name: note.name, audioUrl: url };
}
