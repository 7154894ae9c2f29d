import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { describe, expect, it } from 'vitest';
import { dhuhrOn, dueLongitudes, dueReminders, localDay } from './dhuhr.js';

const newDelhi = { latitude: 28.6139, longitude: 77.209 };
const mumbai = { latitude: 19.076, longitude: 72.8777 };
const ist = (iso: string) => new Date(`${iso}+05:30`);
const istClock = (d: Date) =>
  d.toLocaleTimeString('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit' });

describe('dhuhrOn', () => {
  it("gives adhan's own Karachi-method Dhuhr for New Delhi on 15 June 2025: 12:23 IST", () => {
    const dhuhr = dhuhrOn(newDelhi, { year: 2025, month: 6, day: 15 });
    expect(dhuhr.toISOString()).toBe('2025-06-15T06:53:00.000Z');
    expect(istClock(dhuhr)).toBe('12:23');
    const reference = new PrayerTimes(
      new Coordinates(newDelhi.latitude, newDelhi.longitude),
      new Date(2025, 5, 15),
      CalculationMethod.Karachi(),
    );
    expect(dhuhr).toEqual(reference.dhuhr);
  });

  it('stays within 12:00-12:40 IST in New Delhi all year', () => {
    for (let month = 1; month <= 12; month += 1) {
      const clock = istClock(dhuhrOn(newDelhi, { year: 2025, month, day: 1 }));
      expect(clock >= '12:00' && clock <= '12:40', `${month}: ${clock}`).toBe(true);
    }
  });

  it('comes later further west (Mumbai after New Delhi on the same day)', () => {
    const day = { year: 2025, month: 6, day: 15 };
    expect(dhuhrOn(mumbai, day).getTime()).toBeGreaterThan(dhuhrOn(newDelhi, day).getTime());
  });
});

describe('localDay', () => {
  it('is the calendar day at the place, from its longitude', () => {
    expect(localDay(newDelhi, new Date('2025-06-15T06:00:00Z'))).toEqual({
      year: 2025,
      month: 6,
      day: 15,
    });
    // 20:00 UTC is already the next morning in India.
    expect(localDay(newDelhi, new Date('2025-06-14T20:00:00Z'))).toEqual({
      year: 2025,
      month: 6,
      day: 15,
    });
  });
});

describe('dueReminders', () => {
  const fallback = newDelhi;
  const users = [
    { userId: 'delhi', location: newDelhi },
    { userId: 'mumbai', location: mumbai },
    { userId: 'unknown', location: null },
  ];
  const due = (now: Date) =>
    dueReminders(users, now, { fallback, windowMinutes: 15 }).map((d) => d.userId);

  it('is due from Dhuhr on, for the window, and not before', () => {
    expect(due(ist('2025-06-15T12:22:59'))).toEqual([]);
    expect(due(ist('2025-06-15T12:23:00'))).toEqual(['delhi', 'unknown']);
    expect(due(ist('2025-06-15T12:37:59'))).toEqual(['delhi', 'unknown']);
    expect(due(ist('2025-06-15T12:38:00'))).toEqual([]);
  });

  it("uses the user's last location (Mumbai's Dhuhr, not the default city's)", () => {
    const mumbaiDhuhr = dhuhrOn(mumbai, { year: 2025, month: 6, day: 15 });
    const [reminder] = dueReminders(users.slice(1, 2), mumbaiDhuhr, {
      fallback,
      windowMinutes: 15,
    });
    expect(reminder).toEqual({ userId: 'mumbai', dhuhr: mumbaiDhuhr, day: '2025-06-15' });
    expect(istClock(mumbaiDhuhr)).toBe('12:40');
    expect(due(ist('2025-06-15T12:40:00'))).toEqual(['mumbai']);
  });
});

describe('dueLongitudes', () => {
  const inBand = (longitude: number, band: { west: number; east: number }) =>
    band.west <= band.east
      ? longitude >= band.west && longitude <= band.east
      : longitude >= band.west || longitude <= band.east;

  it('holds every place from its Dhuhr to the end of the window, all year', () => {
    for (let day = 1; day <= 365; day += 6) {
      for (let longitude = -180; longitude <= 180; longitude += 5) {
        for (const latitude of [-45, 28.6, 60]) {
          const dhuhr = dhuhrOn({ latitude, longitude }, { year: 2025, month: 1, day });
          for (const late of [0, 7, 14.99]) {
            const now = new Date(dhuhr.getTime() + late * 60_000);
            expect(inBand(longitude, dueLongitudes(now, 15)), now.toISOString()).toBe(true);
          }
        }
      }
    }
  });

  it('is a narrow band: about 14 degrees, around the sun', () => {
    // 06:53 UTC is Dhuhr in New Delhi (77.2° E) on 15 June.
    const band = dueLongitudes(new Date('2025-06-15T06:53:00Z'), 15);
    expect(inBand(77.209, band)).toBe(true);
    expect(inBand(72.8777, band)).toBe(true);
    expect(inBand(0, band)).toBe(false);
    expect(inBand(-100, band)).toBe(false);
    expect(band.east - band.west).toBeCloseTo(13.75);
  });

  it('wraps the 180° meridian', () => {
    const band = dueLongitudes(new Date('2025-06-15T00:00:00Z'), 15);
    expect(band.west).toBeGreaterThan(band.east);
    expect(inBand(180, band) && inBand(-180, band) && inBand(178, band)).toBe(true);
    expect(inBand(0, band)).toBe(false);
  });
});
