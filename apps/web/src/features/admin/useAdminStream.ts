import { useEffect, useRef } from 'react';
import {
  adminStreamPath,
  attentionCounts,
  helpRequestView,
  type AdminEventName,
  type AttentionCounts,
  type HelpRequestView,
} from '@saathi/contract';
import { parseEventData } from '../../api/eventData';
import { onReopen } from '../../api/streamReopen';

/** What each named event of the admin stream carries, parsed with the contract. */
export interface AdminStreamHandlers {
  counts?: (counts: AttentionCounts) => void;
  help_request?: (request: HelpRequestView) => void;
  /** Connected again: `counts` comes afresh, events meanwhile were missed. */
  reopened?: () => void;
}

const parsers = {
  counts: attentionCounts,
  help_request: helpRequestView,
} as const satisfies Record<AdminEventName, unknown>;

/**
 * Subscribes to named events of /api/v1/admin/stream while the component is mounted. The
 * Token cookie authenticates it; EventSource reconnects by itself after a drop and after the
 * server ends it (at its maximum life; a lost admin role then answers 403 and it stops).
 * Handlers may change on every render: the latest ones are called, without reopening it.
 */
export function useAdminStream(handlers: AdminStreamHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(adminStreamPath, { withCredentials: true });
    onReopen(source, () => latest.current.reopened?.());
    source.addEventListener('counts', (event) => {
      const parsed = parsers.counts.safeParse(parseEventData(event.data));
      if (parsed.success) latest.current.counts?.(parsed.data);
    });
    source.addEventListener('help_request', (event) => {
      const parsed = parsers.help_request.safeParse(parseEventData(event.data));
      if (parsed.success) latest.current.help_request?.(parsed.data);
    });
    return () => source.close();
  }, []);
}
