import {
  voiceMineEvent,
  voiceNoteEvent,
  voiceRemovedEvent,
  voiceStreamPath,
  type AudioItem,
  type VoiceNote,
} from '@saathi/contract';
import { parseEventData } from '../../api/eventData';
import { onReopen } from '../../api/streamReopen';

export interface VoiceStreamHandlers {
  /** Someone's note (or one's own) became ready, or one's own failed. */
  note?: (note: VoiceNote) => void;
  removed?: (id: string) => void;
  audio?: (audio: AudioItem) => void;
  /** Connected again: events meanwhile were missed (the stream sends no first state). */
  reopened?: () => void;
}

/**
 * Opens the live Voice Chat stream (the Token cookie authenticates it; EventSource
 * reconnects by itself after a drop and after the server ends it at its maximum life).
 * Answers the function that closes it.
 */
export function openVoiceStream(handlers: VoiceStreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(voiceStreamPath, { withCredentials: true });
  onReopen(source, () => handlers.reopened?.());
  source.addEventListener('note', (event) => {
    const parsed = voiceNoteEvent.safeParse(parseEventData(event.data));
    if (parsed.success) handlers.note?.(parsed.data.note);
  });
  source.addEventListener('mine', (event) => {
    const parsed = voiceMineEvent.safeParse(parseEventData(event.data));
    if (!parsed.success) return;
    if (parsed.data.note) handlers.note?.(parsed.data.note);
    if (parsed.data.audio) handlers.audio?.(parsed.data.audio);
  });
  source.addEventListener('removed', (event) => {
    const parsed = voiceRemovedEvent.safeParse(parseEventData(event.data));
    if (parsed.success) handlers.removed?.(parsed.data._id);
  });
  return () => source.close();
}
