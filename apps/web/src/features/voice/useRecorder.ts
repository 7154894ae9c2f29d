import { useCallback, useEffect, useRef, useState } from 'react';
import { limits } from '@saathi/contract';

export type RecorderState = 'idle' | 'recording' | 'stopped';

/**
 * WebM/Opus where the browser records it (Chrome, Android, Firefox); Safari records only
 * MP4/AAC. The server converts either to M4A, which every phone plays.
 */
const preferredTypes = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg'];

function pickType(): string | undefined {
  return preferredTypes.find((type) => MediaRecorder.isTypeSupported(type));
}

/** Speech needs little: 32 kbit/s keeps a minute near 240 KB on mobile data. */
const audioBitsPerSecond = 32_000;

function createRecorder(stream: MediaStream, mimeType: string | undefined): MediaRecorder | null {
  try {
    return new MediaRecorder(stream, { mimeType, audioBitsPerSecond });
  } catch {
    // Some browsers refuse the options they claimed to support.
    return null;
  }
}

export interface Recorder {
  state: RecorderState;
  /** Whole seconds since recording started. */
  seconds: number;
  /** The finished recording (state 'stopped'). */
  blob: Blob | null;
  /** Asks for the microphone and starts; false when it is refused or missing (to be told). */
  start(): Promise<boolean>;
  /** Stops; the recording arrives as `blob` with state 'stopped' a moment later. */
  stop(): void;
  reset(): void;
}

/** One microphone recording: idle, recording, stopped with its blob. */
export function useRecorder(): Recorder {
  const [state, setState] = useState<RecorderState>('idle');
  const [seconds, setSeconds] = useState(0);
  const [blob, setBlob] = useState<Blob | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const starting = useRef(false);
  const mounted = useRef(false);

  const release = useCallback(() => {
    window.clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((track) => track.stop());
  }, []);

  // Leaving the screen mid-recording turns the microphone off.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    };
  }, [release]);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return false;
    // A second tap while the phone asks for the microphone must not open a second recording.
    if (starting.current || recorder.current?.state === 'recording') return true;
    starting.current = true;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return false;
    } finally {
      starting.current = false;
    }
    const mimeType = pickType();
    // The driver may have left the screen while the phone asked: the microphone goes off,
    // and there is no refusal to tell.
    const media = mounted.current ? createRecorder(stream, mimeType) : null;
    if (!media) {
      stream.getTracks().forEach((track) => track.stop());
      return !mounted.current;
    }
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      release();
      setBlob(new Blob(chunks, { type: media.mimeType || mimeType || 'audio/webm' }));
      setState('stopped');
    };
    recorder.current = media;
    setBlob(null);
    setSeconds(0);
    const startedAt = Date.now();
    timer.current = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      // The server refuses longer notes: stop here rather than lose the whole recording.
      if (elapsed >= limits.voiceMaxSeconds && media.state === 'recording') media.stop();
    }, 250);
    media.start(1000);
    setState('recording');
    return true;
  }, [release]);

  const reset = useCallback(() => {
    setBlob(null);
    setSeconds(0);
    setState('idle');
  }, []);

  return { state, seconds, blob, start, stop, reset };
}

/** 0:07, 2:35 */
export function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
