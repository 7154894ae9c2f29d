import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { audioCalls, voiceCalls, type VoiceNote } from '@saathi/contract';
import { request, type ResponseOf } from '../../api/client';
import { sendResumable, type UploadState } from '../uploads';
import { queryClient } from '../../api/queryClient';
import { voiceKeys } from '../../api/keys/voiceKeys';

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

/**
 * A recording goes up as a resumable upload (progress, pauses and retries without a time
 * limit), then the call names it. Not kept across reloads: the recording itself is not.
 */
async function sendRecording(
  blob: Blob,
  onState: (state: UploadState) => void,
  signal: AbortSignal,
): Promise<string> {
  return sendResumable(blob, { purpose: 'voice', resumable: false, onState, signal });
}

export const uploadVoiceNote = async (
  blob: Blob,
  onState: (state: UploadState) => void,
  signal: AbortSignal,
) =>
  request(voiceCalls.upload, {
    body: { uploadId: await sendRecording(blob, onState, signal) },
    signal,
  });

export const uploadAudio = async (
  blob: Blob,
  name: string,
  onState: (state: UploadState) => void,
  signal: AbortSignal,
) =>
  request(audioCalls.upload, {
    body: { name, uploadId: await sendRecording(blob, onState, signal) },
    signal,
  });

export const deleteVoiceNote = (id: string) => request(voiceCalls.remove, { params: { id } });
