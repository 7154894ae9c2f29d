import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession } from 'playwright-core';

export const resourceGroups = [
  'Document',
  'Script',
  'Stylesheet',
  'Image',
  'Media',
  'Fetch/XHR',
  'Other',
] as const;
export type ResourceGroup = (typeof resourceGroups)[number];
export type BytesByGroup = Record<ResourceGroup, number>;

/** How a wait for the network to fall quiet ended: after how long, and whether it did. */
export interface QuietWait {
  waitedMs: number;
  quiet: boolean;
}

interface Transfer {
  group: ResourceGroup;
  /** Bytes over the wire, headers included, as the protocol counts them. */
  bytes: number;
  open: boolean;
  /** An EventSource: open for the page's whole life by design, it never ends. */
  stream: boolean;
  lastDataAt: number;
}

function groupOf(type: string | undefined): ResourceGroup {
  if (type === 'Fetch' || type === 'XHR') return 'Fetch/XHR';
  const named = resourceGroups.find((g) => g === type);
  return named ?? 'Other';
}

/**
 * What a page fetched, from the DevTools protocol's Network events: bytes by resource type
 * and the video downloads still open. `reset` starts a new count (a new step).
 */
export class NetworkLog {
  private transfers = new Map<string, Transfer>();

  constructor(session: CDPSession) {
    session.on('Network.requestWillBeSent', (e) => {
      const known = this.transfers.get(e.requestId);
      if (known) return;
      this.transfers.set(e.requestId, {
        group: groupOf(e.type),
        bytes: 0,
        open: true,
        stream: e.type === 'EventSource',
        lastDataAt: Date.now(),
      });
    });
    session.on('Network.responseReceived', (e) => {
      const t = this.transfers.get(e.requestId);
      if (t) t.group = groupOf(e.type);
    });
    session.on('Network.dataReceived', (e) => {
      const t = this.transfers.get(e.requestId);
      if (!t) return;
      t.bytes += e.encodedDataLength;
      t.lastDataAt = Date.now();
    });
    session.on('Network.loadingFinished', (e) => {
      const t = this.transfers.get(e.requestId);
      if (!t) return;
      // The final figure includes headers and anything the chunks did not report.
      t.bytes = Math.max(t.bytes, e.encodedDataLength);
      t.open = false;
    });
    session.on('Network.loadingFailed', (e) => {
      const t = this.transfers.get(e.requestId);
      if (t) t.open = false;
    });
  }

  reset(): void {
    this.transfers.clear();
  }

  bytes(): BytesByGroup {
    const sums = Object.fromEntries(resourceGroups.map((g) => [g, 0])) as BytesByGroup;
    for (const t of this.transfers.values()) sums[t.group] += t.bytes;
    return sums;
  }

  /** Requests started and neither finished nor cancelled, event streams left out. */
  inFlight(): number {
    return [...this.transfers.values()].filter((t) => t.open && !t.stream).length;
  }

  /**
   * Resolves once nothing has been in flight for `quietMs` on end, or after `capMs` at most
   * (quiet: false), so that a download that never ends cannot hold the run.
   */
  async whenQuiet(quietMs: number, capMs: number): Promise<QuietWait> {
    const started = Date.now();
    let quietSince: number | null = null;
    for (;;) {
      const now = Date.now();
      quietSince = this.inFlight() > 0 ? null : (quietSince ?? now);
      if (quietSince !== null && now - quietSince >= quietMs)
        return { waitedMs: now - started, quiet: true };
      if (now - started >= capMs) return { waitedMs: now - started, quiet: false };
      await sleep(100);
    }
  }

  /** Video downloads started and neither finished nor cancelled. */
  openMedia(): { open: number; receiving: number } {
    const media = [...this.transfers.values()].filter((t) => t.group === 'Media' && t.open);
    const recent = Date.now() - 2000;
    return { open: media.length, receiving: media.filter((t) => t.lastDataAt >= recent).length };
  }
}
