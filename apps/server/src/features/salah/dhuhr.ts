import { CalculationMethod, Coordinates, PrayerTimes } from 'adhan';

export interface Place {
  latitude: number;
  longitude: number;
}

export interface ReminderCandidate {
  userId: string;
  /** The last location the phone shared; null when it never did. */
  location: Place | null;
}

export interface DueReminder {
  userId: string;
  dhuhr: Date;
  /** The local day at the place (YYYY-MM-DD): one reminder per user and day. */
  day: string;
}

/**
 * University of Islamic Sciences, Karachi: the method most mosques in India and Pakistan
 * follow. The madhab only moves Asr, never Dhuhr, so it is left at adhan's default.
 */
const method = () => CalculationMethod.Karachi();

/**
 * The calendar day at a place, from its longitude (15° per hour of sun time). Near noon,
 * the only time this is used for, it is the same day as the civil one everywhere.
 */
export function localDay(place: Place, now: Date): { year: number; month: number; day: number } {
  const solar = new Date(now.getTime() + (place.longitude / 15) * 3600_000);
  return { year: solar.getUTCFullYear(), month: solar.getUTCMonth() + 1, day: solar.getUTCDate() };
}

/** Dhuhr on a calendar day at a place, as an instant. */
export function dhuhrOn(place: Place, date: { year: number; month: number; day: number }): Date {
  // adhan reads the day from a Date's local fields, so build it in the process's own zone.
  const day = new Date(date.year, date.month - 1, date.day);
  return new PrayerTimes(new Coordinates(place.latitude, place.longitude), day, method()).dhuhr;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * How far Dhuhr can be from mean solar noon (12:00 UTC less 4 minutes per degree east) at
 * any place and date: the equation of time (up to about 16 minutes) less the Karachi
 * method's extra minute, rounded to the minute; the rest is margin.
 */
const DHUHR_FROM_MEAN_NOON_MINUTES = 20;

/** Longitudes from `west` eastwards to `east` (degrees); west > east when it wraps 180°. */
export interface LongitudeBand {
  west: number;
  east: number;
}

/**
 * Where Dhuhr can have come within the last `windowMinutes`: a band of about 14° of
 * longitude, so the job computes exact times only for the people in it, not for everyone
 * every minute.
 */
export function dueLongitudes(now: Date, windowMinutes: number): LongitudeBand {
  const minuteOfDay = (now.getTime() % 86_400_000) / 60_000;
  const westmost = (720 - minuteOfDay - DHUHR_FROM_MEAN_NOON_MINUTES) / 4;
  const west = 180 - ((((180 - westmost) % 360) + 360) % 360);
  const east = west + (windowMinutes + 2 * DHUHR_FROM_MEAN_NOON_MINUTES) / 4;
  return { west, east: east >= 180 ? east - 360 : east };
}

/**
 * Who is due a reminder at `now`: Dhuhr at their last location (else `fallback`) fell within
 * the last `windowMinutes`. The window lets a run that came late (a restart, a busy worker)
 * still remind; the caller's once-per-day key stops the overlapping runs sending twice.
 */
export function dueReminders(
  candidates: readonly ReminderCandidate[],
  now: Date,
  opts: { fallback: Place; windowMinutes: number },
): DueReminder[] {
  const due: DueReminder[] = [];
  for (const candidate of candidates) {
    const place = candidate.location ?? opts.fallback;
    const date = localDay(place, now);
    const dhuhr = dhuhrOn(place, date);
    const late = now.getTime() - dhuhr.getTime();
    if (late >= 0 && late < opts.windowMinutes * 60_000) {
      due.push({
        userId: candidate.userId,
        dhuhr,
        day: `${date.year}-${pad(date.month)}-${pad(date.day)}`,
      });
    }
  }
  return due;
}
