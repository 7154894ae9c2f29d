import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { notificationStreamPath } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { clearToken } from '../../api/token';
import { renderRoute, signIn, silentFetch } from '../../test/renderRoute';

/** Stands in for the browser's EventSource: the test emits the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data) });
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(event);
    });
  }

  close() {
    this.closed = true;
  }
}

const follow = {
  _id: '5e4d3c2b-1a09-4f8e-8d7c-6b5a49382716',
  kind: 'follow',
  actor: {
    _id: '2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Priya Sharma',
    usertype: 'user',
    profileImage: { url: '/default-avatar.svg' },
  },
  post: null,
  notice: null,
  text: null,
  link: '/user/profile/2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  createdAt: '2025-03-05T10:00:00.000Z',
  read: false,
};

describe('live unread badge', () => {
  beforeEach(() => {
    FakeEventSource.last = null;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', vi.fn(silentFetch));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('follows the count and notification events of the stream', async () => {
    signIn();
    renderRoute('/emergency');
    // The stream opens once the signed-in services have loaded, just after the app's frame.
    const source = await waitFor(() => {
      if (!FakeEventSource.last) throw new Error('no stream opened');
      return FakeEventSource.last;
    });
    expect(source.url).toBe(notificationStreamPath);
    const badge = () => screen.queryByTestId('unread-badge')?.textContent;
    source.emit('count', { unreadCount: 3 });
    await waitFor(() => expect(badge()).toBe('3'));
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    source.emit('notification', { notification: follow, unreadCount: 4 });
    await waitFor(() => expect(badge()).toBe('4'));
    expect(await screen.findByText('Priya Sharma started following you')).toBeInTheDocument();
    source.emit('count', { unreadCount: 120 });
    await waitFor(() => expect(badge()).toBe('99+'));
    source.emit('count', { unreadCount: 0 });
    await waitFor(() => expect(badge()).toBeUndefined());
  });

  it('ignores events it cannot read', async () => {
    signIn();
    renderRoute('/emergency');
    FakeEventSource.last?.emit('count', { unread: 'many' });
    FakeEventSource.last?.emit('count', { unreadCount: 2 });
    await waitFor(() => expect(screen.getByTestId('unread-badge')).toHaveTextContent(/^2$/));
  });

  it('closes the stream on sign-out', () => {
    signIn();
    renderRoute('/emergency');
    const source = FakeEventSource.last;
    expect(source?.closed).toBe(false);
    act(() => clearToken());
    expect(source?.closed).toBe(true);
  });
});
