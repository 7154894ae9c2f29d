import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { locationLimits } from '@saathi/contract';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { Toaster } from '../../ui/Toaster';
import { LocationTracker } from './LocationTracker';

const driverId = '1f0e2d3c-4b5a-4968-8776-655443322110';

function fakePhone(answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) {
  const getCurrentPosition = vi.fn(answer);
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition },
    permissions: {
      query: () =>
        Promise.resolve({ state: 'granted', addEventListener() {}, removeEventListener() {} }),
    },
  });
  return getCurrentPosition;
}

const at = (latitude: number, longitude: number) =>
  ({ coords: { latitude, longitude, accuracy: 10 }, timestamp: Date.now() }) as GeolocationPosition;

describe('location tracker', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends the tracker's form at once and every 2 minutes, with a 5-minute maximumAge", async () => {
    vi.useFakeTimers();
    signIn();
    const phone = fakePhone((ok) => ok(at(28.6139, 77.209)));
    const fetch = vi.fn(() => Promise.resolve(jsonResponse(200, { success: true })));
    vi.stubGlobal('fetch', fetch);
    render(<LocationTracker userId={driverId} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/update/location');
    expect(JSON.parse(String(init.body))).toEqual({
      latitude: '28.6139',
      longitude: '77.209',
      driverId,
    });
    expect((phone.mock.calls[0] as unknown[] | undefined)?.[2]).toEqual({
      enableHighAccuracy: true,
      timeout: 10_000,
      maximumAge: 300_000,
    });
    await act(() => vi.advanceTimersByTimeAsync(locationLimits.trackerIntervalMs));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('tells each kind of trouble once, not every 2 minutes', async () => {
    vi.useFakeTimers();
    signIn();
    fakePhone((_ok, fail) =>
      fail({
        code: 3,
        message: 'Timeout expired',
        PERMISSION_DENIED: 1,
      } as GeolocationPositionError),
    );
    vi.stubGlobal('fetch', vi.fn());
    render(
      <>
        <LocationTracker userId={driverId} />
        <Toaster />
      </>,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByText('Location request timed out')).toHaveLength(1);
    // The first toast closed after a few seconds; the next tries fail the same way, silently.
    for (let i = 0; i < 3; i += 1) {
      await act(() => vi.advanceTimersByTimeAsync(locationLimits.trackerIntervalMs));
      expect(screen.queryAllByText('Location request timed out')).toHaveLength(0);
    }
  });
});
