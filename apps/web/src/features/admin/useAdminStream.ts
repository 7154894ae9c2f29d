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

/** What each named event of the admin stream carries, parsed with the contract. */
export interface AdminStreamHandlers {
  counts?: (counts: AttentionCounts) => void;
  help_request?: (request: HelpRequestView) => void;
}

const parsers = {
  counts: attentionCounts,
  help_request: helpRequestView,
} as const satisfies Record<AdminEventName, unknown>;

/**
 * Subscribes to named events of /api/v1/admin/stream while the component is mounted. The
 * Token cookie authenticates it; EventSource reconnects by itself after a drop. Handlers may
 * change on every render: the latest ones are called, without reopening the stream.
 */
export function useAdminStream(handlers: AdminStreamHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(adminStreamPath, { withCredentials: true });
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
