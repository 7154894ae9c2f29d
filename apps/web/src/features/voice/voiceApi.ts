import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { audioCalls, voiceCalls, type VoiceNote } from '@saathi/contract';
import { request, requestMultipart, type ResponseOf } from '../../api/client';
import { queryClient } from '../../api/queryClient';

export const voiceKeys = {
  notes: ['voice', 'notes'] as const,
  audios: ['voice', 'audios'] as const,
};

type NotesPage = ResponseOf<typeof voiceCalls.list>;
type NotesData = InfiniteData<NotesPage, string | undefined>;

/** Voice Chat, newest first, a page at a time. */
export function useVoiceNotes() {
  return useInfiniteQuery({
    queryKey: voiceKeys.notes,
    queryFn: ({ pageParam, signal }) =>
      request(voiceCalls.list, { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The Voice Recorder's own list. */
export function useAudios() {
  return useQuery({
    queryKey: voiceKeys.audios,
    queryFn: async ({ signal }) => (await request(audioCalls.list, { signal })).audios,
  });
}

/** Puts a note at the top, or replaces the copy already shown (a processing note becoming ready). */
export function upsertNote(note: VoiceNote): void {
  queryClient.setQueryData<NotesData>(voiceKeys.notes, (data) => {
    if (!data) return data;
    const known = data.pages.some((p) => p.notes.some((n) => n._id === note._id));
    const pages = data.pages.map((page, i) => ({
      ...page,
      notes: known
        ? page.notes.map((n) => (n._id === note._id ? note : n))
        : i === 0
          ? [note, ...page.notes]
          : page.notes,
    }));
    return { ...data, pages };
  });
}

export function dropNote(id: string): void {
  queryClient.setQueryData<NotesData>(voiceKeys.notes, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, notes: p.notes.filter((n) => n._id !== id) })),
        }
      : data,
  );
}

const extensionOf = (blob: Blob) =>
  blob.type.includes('mp4') ? 'm4a' : blob.type.includes('ogg') ? 'ogg' : 'webm';

export const uploadVoiceNote = (blob: Blob) =>
  requestMultipart(voiceCalls.upload, {
    fields: {},
    files: [['voice', new File([blob], `voice.${extensionOf(blob)}`, { type: blob.type })]],
    timeoutMs: 60_000,
  });

export const uploadAudio = (blob: Blob, name: string) =>
  requestMultipart(audioCalls.upload, {
    fields: { name },
    files: [['audio', new File([blob], `audio.${extensionOf(blob)}`, { type: blob.type })]],
    timeoutMs: 60_000,
  });

export const deleteVoiceNote = (id: string) => request(voiceCalls.remove, { params: { id } });
