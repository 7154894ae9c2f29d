import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../log.js';
import { limits, messages } from '@saathi/contract';
import type { Db } from '../../db/client.js';
import { MediaRejectedError } from '../../media/errors.js';
import { transcodeAudio } from '../../media/transcode-audio.js';
import type { Hub } from '../../realtime/hub.js';
import { copyToFile, type Storage } from '../../storage/storage.js';
import { presentAudio, presentNote } from './present.js';
import { findNote, markNoteFailed, markNoteReady } from './queries.js';
import { ownVoiceChannel, voiceChannel } from './service.js';
import { makeWorkDir } from '../../media/work-dir.js';

export interface ProcessVoiceDeps {
  db: Db;
  storage: Storage;
  hub: Hub;
  log: Logger;
}

/**
 * Turns a recording into mono AAC in M4A (every phone browser plays it, iOS Safari
 * included), refuses one longer than the limit, and only then points the row at the file.
 * A crash part-way leaves the note 'processing' with its raw file, and pg-boss retries.
 */
export async function processVoice(
  deps: ProcessVoiceDeps,
  noteId: string,
  isLastAttempt: boolean,
): Promise<void> {
  const row = await findNote(deps.db, noteId);
  if (!row || row.note.status !== 'processing' || !row.note.rawKey) return;
  const { rawKey } = row.note;
  const work = await makeWorkDir('voice');
  try {
    const input = join(work, 'input');
    const output = join(work, 'voice.m4a');
    await copyToFile(deps.storage, rawKey, input);
    // One second past the limit, so an over-long recording shows as such and is refused.
    const { durationSec } = await transcodeAudio(input, output, {
      maxDurationSec: limits.voiceMaxSeconds + 1,
    });
    if (durationSec > limits.voiceMaxSeconds + 0.5) {
      await fail(deps, noteId, rawKey, messages.voice_too_long);
      return;
    }
    const mediaKey = `public/voice/${noteId}.m4a`;
    await deps.storage.put(mediaKey, createReadStream(output), 'audio/mp4');
    const ready = await markNoteReady(deps.db, noteId, {
      mediaKey,
      durationMs: Math.round(durationSec * 1000),
    });
    // Deleted while we worked: nothing may keep this file.
    if (!ready) {
      await deps.storage.delete(mediaKey);
      return;
    }
    await deps.storage.delete(rawKey);
    await announce(deps, noteId);
  } catch (error) {
    if (error instanceof MediaRejectedError) {
      await fail(deps, noteId, rawKey, error.message);
      return;
    }
    deps.log.error({ err: error, noteId }, 'voice processing failed');
    if (isLastAttempt) await fail(deps, noteId, rawKey, messages.voice_processing_failed);
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * A note whose every try was cut short (its worker killed each time) fails as a last try's
 * failure would: its sender sees why instead of a note 'processing' for ever.
 */
export async function giveUpVoice(deps: ProcessVoiceDeps, noteId: string): Promise<void> {
  const row = await findNote(deps.db, noteId);
  if (!row || row.note.status !== 'processing' || !row.note.rawKey) return;
  await fail(deps, noteId, row.note.rawKey, messages.voice_processing_failed);
}

/** Nothing to retry once refused (no retry call exists), so the raw file goes with it. */
async function fail(deps: ProcessVoiceDeps, noteId: string, rawKey: string, reason: string) {
  if (!(await markNoteFailed(deps.db, noteId, reason))) return;
  await deps.storage.delete(rawKey);
  await announce(deps, noteId);
}

/** Live events are a courtesy: the list call is the truth, so a failed publish is only logged. */
async function announce(deps: ProcessVoiceDeps, noteId: string): Promise<void> {
  const row = await findNote(deps.db, noteId);
  if (!row) return;
  const { note, author } = row;
  const events: Promise<void>[] = [];
  if (note.kind === 'voice') {
    const presented = presentNote(note, author);
    events.push(deps.hub.publish(ownVoiceChannel(note.userId), 'mine', { note: presented }));
    if (note.status === 'ready') {
      events.push(deps.hub.publish(voiceChannel, 'note', { note: presented }));
    }
  } else {
    events.push(
      deps.hub.publish(ownVoiceChannel(note.userId), 'mine', { audio: presentAudio(note) }),
    );
  }
  await Promise.all(events).catch((err: unknown) =>
    deps.log.error({ err, noteId }, 'voice event not published'),
  );
}
