import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelative } from './formatDate';

/** Often enough that "now" turns into "1 min ago" about when it should. */
const tickMs = 30_000;

/**
 * When something in a live queue happened: how long ago first (what the team acts on), the
 * exact moment beside it (what they say on the phone). Keeps itself current while shown.
 */
export function TimeAgo({ value, className = '' }: { value: string; className?: string }) {
  const { i18n } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, []);
  const exact = formatDateTime(value, i18n.language);
  return (
    <time dateTime={value} title={exact} className={className}>
      <span className="font-semibold">{formatRelative(value, i18n.language, now)}</span>
      <span className="text-stone-500"> · {exact}</span>
    </time>
  );
}
