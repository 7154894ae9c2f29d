/** A date the reader knows how to read: 5 March 2025 / 5 मार्च 2025. */
export function formatDate(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

/**
 * A moment, for lists where the hour matters: 5 Mar 2025, 3:40 pm / 5 मार्च 2025, दोपहर 3:40.
 * Hindi's own 'short' time style says am/pm in Latin letters; the spoken day-period (सुबह,
 * दोपहर, शाम, रात) is what Hindi readers use for a clock time, and cannot be combined with
 * `dateStyle`, hence two formats.
 */
export function formatDateTime(value: string, language: string): string {
  const date = new Date(value);
  if (language !== 'hi') {
    return new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(
      date,
    );
  }
  const day = new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium' }).format(date);
  const time = new Intl.DateTimeFormat('hi-IN', {
    hour: 'numeric',
    minute: '2-digit',
    dayPeriod: 'short',
  }).format(date);
  return `${day}, ${time}`;
}

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long ago, the app's one relative time: 5 min ago / 5 मिनट पहले. Hindi gets the long
 * style: its short one abbreviates (मि॰), which many readers do not know. A moment in the
 * future (a phone clock behind the server's) reads as now.
 */
export function formatRelative(value: string, language: string, now: number = Date.now()): string {
  const hindi = language === 'hi';
  const format = new Intl.RelativeTimeFormat(hindi ? 'hi-IN' : 'en-IN', {
    numeric: 'auto',
    style: hindi ? 'long' : 'short',
  });
  const seconds = Math.max(0, Math.round((now - new Date(value).getTime()) / 1000));
  if (seconds < minute) return format.format(0, 'second');
  if (seconds < hour) return format.format(-Math.floor(seconds / minute), 'minute');
  if (seconds < day) return format.format(-Math.floor(seconds / hour), 'hour');
  return format.format(-Math.floor(seconds / day), 'day');
}
