/**
 * A short two-tone beep made with WebAudio (no sound file to download) and, when allowed, a
 * browser notification, so a new help request is noticed even in another tab.
 */
let audio: AudioContext | undefined;

/** Browsers only let a page make sound or ask for notifications after a tap: call it from one. */
export function armArrivalAlert(): void {
  audio ??= new AudioContext();
  void audio.resume();
  if ('Notification' in window && Notification.permission === 'default') {
    void Notification.requestPermission();
  }
}

export const alertArmed = () => audio !== undefined;

function beep(): void {
  if (!audio || audio.state !== 'running') return;
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 660],
  ] as const) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.2, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
    tone.connect(gain).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.17);
  }
}

export function announceArrival(title: string, body: string): void {
  beep();
  if ('Notification' in window && Notification.permission === 'granted') {
    new Notification(title, { body, tag: 'saathi-help', lang: document.documentElement.lang });
  }
}
