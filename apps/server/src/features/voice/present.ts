import { messages, type AudioItem, type VoiceNote } from '@saathi/contract';
import { publicAuthorOf } from '../../auth/viewer.js';
import type { UserRow } from '../../db/schema/index.js';
import { mediaUrl } from '../../storage/media-url.js';
import type { VoiceNoteRow } from './queries.js';

function common(note: VoiceNoteRow) {
  const ready = note.status === 'ready' && note.mediaKey !== null;
  return {
    _id: note.id,
    url: ready && note.mediaKey ? mediaUrl(note.mediaKey) : null,
    createdAt: note.createdAt.toISOString(),
    status: note.status,
    failureReason:
      note.status === 'failed' ? (note.failureReason ?? messages.voice_processing_failed) : null,
    duration: ready && note.durationMs !== null ? note.durationMs / 1000 : null,
  };
}

export function presentNote(note: VoiceNoteRow, author: UserRow): VoiceNote {
  return { ...common(note), user: publicAuthorOf(author) };
}

export function presentAudio(note: VoiceNoteRow): AudioItem {
  const { url, ...rest } = common(note);
  return { ...rest, name: note.name, audioUrl: url };
}
