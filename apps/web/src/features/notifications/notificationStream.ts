import {
  accountBlockedEvent,
  countEvent,
  notificationEvent,
  notificationStreamPath,
  type AppNotification,
} from '@saathi/contract';
import { parseEventData } from '../../api/eventData';

export interface StreamHandlers {
  count: (unreadCount: number) => void;
  notification: (notification: AppNotification, unreadCount: number) => void;
  /** The account was blocked just now; the stream is over. */
  blocked: () => void;
}

/**
 * Opens the live stream. The Token cookie authenticates it; the browser's EventSource
 * reconnects by itself after a network drop (the server asks for 5 s), so nothing here
 * retries. Answers the function that closes it.
 */
export function openNotificationStream(handlers: StreamHandlers): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(notificationStreamPath, { withCredentials: true });
  source.addEventListener('count', (event) => {
    const parsed = countEvent.safeParse(parseEventData(event.data));
    if (parsed.success) handlers.count(parsed.data.unreadCount);
  });
  source.addEventListener('notification', (event) => {
    const parsed = notificationEvent.safeParse(parseEventData(event.data));
    if (parsed.success) handlers.notification(parsed.data.notification, parsed.data.unreadCount);
  });
  source.addEventListener(accountBlockedEvent, () => {
    // Closed here, or EventSource would reconnect to a stream that now refuses it.
    source.close();
    handlers.blocked();
  });
  return () => source.close();
}
