export type CardValidity = { valid: true; daysLeft: number } | { valid: false };

const dayMs = 24 * 60 * 60_000;

/**
 * Spec 001 section 4: a card is valid while its expiry date is today or later, so it stays
 * valid through the whole expiry day; the days left count the part of today that remains
 * and are rounded up (the expiry day itself shows 1 day left).
 */
export function cardValidity(expiryDate: string, now: Date): CardValidity {
  const [year = 0, month = 1, day = 1] = expiryDate.slice(0, 10).split('-').map(Number);
  const end = new Date(year, month - 1, day + 1).getTime();
  const left = end - now.getTime();
  return left > 0 ? { valid: true, daysLeft: Math.ceil(left / dayMs) } : { valid: false };
}

/** A YYYY-MM-DD date read as that local day, not as UTC midnight (which shifts it in India). */
export function localDate(date: string): Date {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
}
