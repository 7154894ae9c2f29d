import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AppNotification } from '@saathi/contract';
import { logout } from '../features/auth/logout';
import { FeedList } from '../features/feed/FeedList';
import { NotificationsScreen } from '../features/notifications/NotificationsScreen';
import { MyProfileScreen } from '../features/profiles/MyProfileScreen';
import { stubMediaMethods } from '../test/fakeMedia';
import { jsonResponse, signIn } from '../test/renderRoute';
import { knowViewer, newProduct, renderWithProviders, viewerId } from '../test/renderWithProviders';
import { queryClient } from './queryClient';
import { followKeys } from './keys/followKeys';
import { meKeys } from './keys/meKeys';
import { notificationKeys } from './keys/notificationKeys';
import { postKeys } from './keys/postKeys';
import { pageLoad } from './pageLoad';
import { keepReadingOnPhone, savedReadingKey } from './savedReading';
import { saveToken } from './token';

const othersNumber = '+919811122233';

const follow: AppNotification = {
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
  link: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  read: false,
};

class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

let stop: () => void = () => undefined;

/** What a signed-in driver saw online: their account, a feed page and their notifications. */
async function visitOnline(): Promise<void> {
  signIn();
  stop = keepReadingOnPhone(queryClient);
  knowViewer();
  queryClient.setQueryData(followKeys.stats(viewerId), {
    success: true,
    followersCount: 7,
    followingCount: 3,
  });
  const author = { ...newProduct().user, number: othersNumber };
  queryClient.setQueryData(postKeys.feed(false), {
    pages: [{ success: true, products: [newProduct({ user: author })], nextCursor: null }],
    pageParams: [null],
  });
  queryClient.setQueryData(notificationKeys.unread, { unreadCount: 1 });
  queryClient.setQueryData(notificationKeys.list, {
    pages: [{ success: true, notifications: [follow], nextCursor: null, unreadCount: 1 }],
    pageParams: [null],
  });
  await waitFor(() => expect(localStorage.getItem(savedReadingKey)).toContain('Priya Sharma'), {
    timeout: 3000,
  });
}

/** A reload some minutes later: the memory is gone and every call fails. */
function reloadWithoutAnswers(): ReturnType<typeof vi.fn> {
  stop();
  queryClient.clear();
  const later = Date.now() + 10 * 60_000;
  vi.spyOn(Date, 'now').mockReturnValue(later);
  const fetchMock = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetchMock);
  stop = keepReadingOnPhone(queryClient);
  return fetchMock;
}

function reloadOffline(): ReturnType<typeof vi.fn> {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return reloadWithoutAnswers();
}

describe('offline reading', () => {
  beforeEach(() => {
    vi.stubGlobal('IntersectionObserver', NoObserver);
    vi.stubGlobal('EventSource', undefined);
  });
  afterEach(() => {
    stop();
    cleanup();
    queryClient.clear();
    localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the saved notifications with the banner, and mark all read says offline', async () => {
    await visitOnline();
    const fetchMock = reloadOffline();
    renderWithProviders(<NotificationsScreen />);

    expect(await screen.findByText('Priya Sharma', { exact: false })).toBeInTheDocument();
    expect(screen.getByTestId('saved-banner').textContent).toBe('Offline, showing saved');
    fireEvent.click(screen.getByRole('button', { name: /mark all/i }));
    expect(
      await screen.findAllByText('You are offline. Try again when connected.'),
    ).not.toHaveLength(0);
    const calls = fetchMock.mock.calls as unknown as [string][];
    expect(calls.some(([url]) => url.includes('read-all'))).toBe(false);
  });

  it('shows the saved feed with its poster, keeps no other driver number, and a like says offline', async () => {
    await visitOnline();
    expect(localStorage.getItem(savedReadingKey)).not.toContain(othersNumber);
    reloadOffline();
    renderWithProviders(<FeedList emergency={false} sharedId={null} empty={null} />);

    expect(await screen.findByText('Video needs network')).toBeInTheDocument();
    expect(screen.getByTestId('saved-banner')).toBeInTheDocument();
    expect(document.querySelector('article img')).toBeInTheDocument();
    // The refetch failed: still the saved post, never "Network error".
    await waitFor(
      () => expect(queryClient.getQueryState(postKeys.feed(false))?.status).toBe('error'),
      { timeout: 4000 },
    );
    expect(screen.queryByText('Network error')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /like/i }));
    expect(
      await screen.findAllByText('You are offline. Try again when connected.'),
    ).not.toHaveLength(0);
  });

  it('shows the own profile from the phone with the banner', async () => {
    await visitOnline();
    reloadOffline();
    renderWithProviders(<MyProfileScreen />);
    expect((await screen.findByTestId('my-name')).textContent).toBe('Ramesh Kumar');
    expect(screen.getByTestId('saved-banner')).toBeInTheDocument();
  });

  it('a feed that got no answer on a link that says online still shows its saved copy', async () => {
    await visitOnline();
    stubMediaMethods();
    reloadWithoutAnswers();
    renderWithProviders(<FeedList emergency={false} sharedId={null} empty={null} />);
    expect(await screen.findByTestId('saved-banner', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryAllByTestId('feed-item')).not.toHaveLength(0);
  });

  it('a reload right after a screen loaded still keeps it', async () => {
    signIn();
    stop = keepReadingOnPhone(queryClient);
    knowViewer();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem(savedReadingKey)).toContain('Ramesh Kumar');
  });

  it('logout forgets the saved copy, on the phone and in memory', async () => {
    await visitOnline();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { success: true, message: 'ok', code: 'logged_out' })),
    );
    vi.stubGlobal('alert', vi.fn());
    vi.spyOn(pageLoad, 'open').mockReturnValue();
    await logout();
    expect(localStorage.getItem(savedReadingKey)).toBeNull();
    expect(queryClient.getQueryData(notificationKeys.list)).toBeUndefined();
    // Nothing is saved again while signed out.
    queryClient.setQueryData(notificationKeys.list, { pages: [], pageParams: [] });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(localStorage.getItem(savedReadingKey)).toBeNull();
  });

  it('another account signing in never sees what was saved', async () => {
    await visitOnline();
    saveToken('another-token');
    expect(localStorage.getItem(savedReadingKey)).toBeNull();
    expect(queryClient.getQueryData(postKeys.feed(false))).toBeUndefined();
    expect(queryClient.getQueryData(meKeys.all)).toBeDefined();
  });
});
