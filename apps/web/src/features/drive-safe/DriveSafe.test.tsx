import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { stubMediaMethods } from '../../test/fakeMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DriveSafe } from './DriveSafe';
import { DriveSafeSetting } from './DriveSafeSetting';
import { driveSafeKey, readDriveSafe, saveDriveSafe } from './setting';

/** A phone whose position the test moves; location already allowed. */
function fakePhone() {
  let onFix: PositionCallback | null = null;
  const watchPosition = vi.fn((ok: PositionCallback) => {
    onFix = ok;
    return 7;
  });
  const clearWatch = vi.fn(() => {
    onFix = null;
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { watchPosition, clearWatch, getCurrentPosition: vi.fn() },
    permissions: {
      query: () =>
        Promise.resolve({ state: 'granted', addEventListener() {}, removeEventListener() {} }),
    },
  });
  let latitude = 28.6;
  /** One fix a second for `seconds` at `kmh`, with the phone's own speed. */
  const move = async (seconds: number, kmh: number) => {
    for (let s = 0; s < seconds; s += 1) {
      latitude += kmh / 3.6 / 111_195;
      onFix?.({
        coords: { latitude, longitude: 77.2, accuracy: 10, speed: kmh / 3.6 },
        timestamp: Date.now(),
      } as GeolocationPosition);
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
  };
  return { watchPosition, clearWatch, move };
}

function renderAt(path: string, isDriver = true) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <video data-testid="other-video" />
      <DriveSafe isDriver={isDriver} />
    </MemoryRouter>,
  );
}

const card = () => screen.queryByRole('dialog', { name: 'You are driving' });

/** A rider says "I am a passenger" once the card shows, then the app goes away. */
async function passengerThenClosed(phone: ReturnType<typeof fakePhone>) {
  const app = renderAt('/');
  await phone.move(12, 40);
  fireEvent.click(screen.getByRole('button', { name: 'I am a passenger' }));
  app.unmount();
}

describe('drive-safe mode', () => {
  // The app fetches the card's chunk as watching starts; here its first import must not race
  // the fake clock.
  beforeAll(async () => {
    await import('./DriveSafeCard');
  });
  let media: ReturnType<typeof stubMediaMethods>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'Date'] });
    media = stubMediaMethods();
  });
  afterEach(async () => {
    // Unmount while the fake phone and media are still in place.
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('shows the card after 10 s above 15 km/h, pauses the videos, and lets a passenger go on', async () => {
    const phone = fakePhone();
    renderAt('/');
    await phone.move(9, 30);
    expect(card()).not.toBeInTheDocument();
    expect(media.pause).not.toHaveBeenCalled();
    await phone.move(3, 30);
    const dialog = screen.getByRole('dialog', { name: 'You are driving' });
    expect(document.activeElement).toBe(dialog);
    expect(media.pause).toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'SOS' })).toHaveAttribute('href', '/emergency');
    expect(screen.getByRole('link', { name: 'Voice Chat' })).toHaveAttribute('href', '/voice-chat');
    fireEvent.click(screen.getByRole('button', { name: 'I am a passenger' }));
    expect(card()).not.toBeInTheDocument();
    await phone.move(60, 30);
    expect(card()).not.toBeInTheDocument();
  });

  it("keeps a passenger's choice through a reload of the page, for its 30 minutes", async () => {
    const phone = fakePhone();
    await passengerThenClosed(phone);
    // The phone reloads the page it had put away: a new app, the same tab.
    renderAt('/');
    await phone.move(20, 40);
    expect(card()).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(30 * 60 * 1000));
    await phone.move(12, 40);
    expect(card()).toBeInTheDocument();
  });

  it("forgets a passenger's choice when the mode is switched off", async () => {
    const phone = fakePhone();
    await passengerThenClosed(phone);
    act(() => saveDriveSafe(false));
    act(() => saveDriveSafe(true));
    renderAt('/');
    await phone.move(12, 40);
    expect(card()).toBeInTheDocument();
  });

  it('ends after 30 s still, and stays away below 15 km/h', async () => {
    const phone = fakePhone();
    renderAt('/');
    await phone.move(12, 40);
    expect(card()).toBeInTheDocument();
    await phone.move(25, 0);
    expect(card()).toBeInTheDocument();
    await phone.move(6, 0);
    expect(card()).not.toBeInTheDocument();
    await phone.move(60, 14);
    expect(card()).not.toBeInTheDocument();
  });

  it('steps aside on Help, SOS and Voice Chat while the videos stay held', async () => {
    const phone = fakePhone();
    renderAt('/help');
    await phone.move(12, 40);
    expect(card()).not.toBeInTheDocument();
    expect(media.pause).toHaveBeenCalled();
  });

  it('never watches when switched off, nor by default for a non-driver', async () => {
    const phone = fakePhone();
    localStorage.setItem(driveSafeKey, 'off');
    const { unmount } = renderAt('/');
    await phone.move(30, 60);
    expect(phone.watchPosition).not.toHaveBeenCalled();
    expect(card()).not.toBeInTheDocument();
    unmount();
    localStorage.clear();
    renderAt('/', false);
    await phone.move(30, 60);
    expect(phone.watchPosition).not.toHaveBeenCalled();
    expect(card()).not.toBeInTheDocument();
  });

  it('stops watching at once when the profile switch turns it off', async () => {
    const phone = fakePhone();
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(phone.watchPosition).toHaveBeenCalledTimes(1);
    renderWithProviders(<DriveSafeSetting isDriver />);
    const toggle = screen.getByRole('switch', { name: 'Drive-safe mode' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(localStorage.getItem(driveSafeKey)).toBe('off');
    expect(phone.clearWatch).toHaveBeenCalledWith(7);
    await phone.move(30, 60);
    expect(card()).not.toBeInTheDocument();
    expect(readDriveSafe(true)).toBe(false);
  });

  it('reads in Hindi', async () => {
    await i18n.changeLanguage('hi');
    const phone = fakePhone();
    renderAt('/');
    await phone.move(12, 40);
    expect(screen.getByRole('dialog', { name: 'आप गाड़ी चला रहे हैं' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'मैं सवारी हूँ' })).toBeInTheDocument();
  });
});
