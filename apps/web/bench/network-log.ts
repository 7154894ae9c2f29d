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

interface Transfer {
  group: ResourceGroup;
  /** Bytes over the wire, headers included, as the protocol counts them. */
  bytes: number;
  open: boolean;
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

  /** Video downloads started and neither finished nor cancelled. */
  openMedia(): { open: number; receiving: number } {
    const media = [...this.transfers.values()].filter((t) => t.group === 'Media' && t.open);
    const recent = Date.now() - 2000;
    return { open: media.length, receiving: media.filter((t) => t.lastDataAt >= recent).length };
  }
}
