import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { limits } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { VoiceChatScreen } from './VoiceChatScreen';
import { uploadVoiceNote } from './voiceApi';

vi.mock('./voiceApi', async (original) => ({
  ...(await original<typeof import('./voiceApi')>()),
  uploadVoiceNote: vi.fn(() => new Promise(() => undefined)),
}));

/** A microphone that records 2 KB and hands it over a moment after stop(), like a phone. */
class FakeRecorder {
  static isTypeSupported = () => true;
  state: RecordingState = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(readonly stream: MediaStream) {}
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    window.setTimeout(() => {
      this.ondataavailable?.({ data: new Blob([new Uint8Array(2000)], { type: 'audio/webm' }) });
      this.onstop?.();
    }, 10);
  }
}

function fakeMicrophone() {
  const track = { stop: vi.fn() };
  let grant: () => void = () => undefined;
  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>((resolve) => {
        grant = () => resolve({ getTracks: () => [track] } as unknown as MediaStream);
      }),
  );
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  return { track, getUserMedia, grant: () => act(async () => grant()) };
}

describe('Voice Chat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signIn();
    knowViewer();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(jsonResponse(200, { success: true, notes: [], nextCursor: null })),
      ),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(uploadVoiceNote).mockClear();
    queryClient.clear();
  });

  it('uploads, once, a note the recorder stopped itself at the time limit', async () => {
    const mic = fakeMicrophone();
    renderWithProviders(<VoiceChatScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));
    await mic.grant();
    await act(() => vi.advanceTimersByTimeAsync(limits.voiceMaxSeconds * 1000 + 500));
    expect(uploadVoiceNote).toHaveBeenCalledTimes(1);
    expect(vi.mocked(uploadVoiceNote).mock.calls[0]?.[0].size).toBe(2000);
    expect(mic.track.stop).toHaveBeenCalled();
    expect(screen.getByText('Uploading...')).toBeInTheDocument();
  });

  it('uploads once when Stop & Upload is tapped twice', async () => {
    const mic = fakeMicrophone();
    renderWithProviders(<VoiceChatScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Start Recording' }));
    await mic.grant();
    const stop = screen.getByRole('button', { name: 'Stop & Upload' });
    fireEvent.click(stop);
    fireEvent.click(stop);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(uploadVoiceNote).toHaveBeenCalledTimes(1);
  });

  it('opens one microphone for two taps while the phone asks, none after leaving', async () => {
    const mic = fakeMicrophone();
    const { unmount } = renderWithProviders(<VoiceChatScreen />);
    const start = screen.getByRole('button', { name: 'Start Recording' });
    fireEvent.click(start);
    fireEvent.click(start);
    expect(mic.getUserMedia).toHaveBeenCalledTimes(1);
    unmount();
    await mic.grant();
    expect(mic.track.stop).toHaveBeenCalled();
    expect(screen.queryByText('Microphone access denied or not supported')).not.toBeInTheDocument();
  });
});
