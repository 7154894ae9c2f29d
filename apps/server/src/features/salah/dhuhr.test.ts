import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';
import { describe, expect, it } from 'vitest';
import { dhuhrOn, dueReminders, localDay } from './dhuhr.js';

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
