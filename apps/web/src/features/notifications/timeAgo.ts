/** '5 minutes ago' / '5 मिनट पहले' for today, the date after a week. */
export function timeAgo(value: string, language: string, now: Date = new Date()): string {
  const at = new Date(value);
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
  ];
  let amount = seconds;
  for (const [unit, size] of steps) {
    // Under a minute reads 'now' rather than a count of seconds.
    if (Math.abs(amount) < size) return format.format(unit === 'second' ? 0 : amount, unit);
    amount = Math.round(amount / size);
  }
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(at);
}
