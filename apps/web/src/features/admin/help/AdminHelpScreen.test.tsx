import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import type { HelpRequestView } from '@saathi/contract';
import { queryClient } from '../../../api/queryClient';
import { jsonResponse, signIn } from '../../../test/renderRoute';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { AdminStreamHandlers } from '../useAdminStream';
import { AdminHelpScreen } from './AdminHelpScreen';

/** The screen's stream handlers, called by the test as the server's events would be. */
let stream: AdminStreamHandlers = {};
vi.mock('../useAdminStream', () => ({
  useAdminStream: (handlers: AdminStreamHandlers) => {
    stream = handlers;
  },
}));

const waiting: HelpRequestView = {
  _id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  user: {
    _id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    name: 'Ramesh Kumar',
    number: '+919000000002',
  },
  helpnumber: '+91 90000 20001',
  contactName: 'Support Team',
  location: 'NH48, Vapi',
  latitude: null,
  longitude: null,
  source: 'team',
  status: 'open',
  createdAt: '2025-03-05T10:00:00.000Z',
  claimedBy: null,
  claimedAt: null,
  resolvedBy: null,
  resolvedAt: null,
  answer: null,
  repeatCount: 1,
  lastRequestedAt: '2025-03-05T10:00:00.000Z',
};
const arriving: HelpRequestView = {
  ...waiting,
  _id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  user: {
    _id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
    name: 'Sunil Yadav',
    number: '+919000000004',
  },
  helpnumber: '',
  contactName: '',
  source: 'sos',
};

/** Records what the screen shows as browser notifications; permission already given. */
function fakeNotifications(): { title: string; body?: string }[] {
  const shown: { title: string; body?: string }[] = [];
  function FakeNotification(title: string, options?: NotificationOptions) {
    shown.push({ title, body: options?.body });
  }
  vi.stubGlobal('Notification', Object.assign(FakeNotification, { permission: 'granted' }));
  return shown;
}

describe('help queue: arrival alert', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    stream = {};
  });

  it('announces a new open request once, and not a change to one already in the queue', async () => {
    signIn();
    const shown = fakeNotifications();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.includes('/admin/help-requests')
            ? jsonResponse(200, { success: true, requests: [waiting], nextCursor: null })
            : jsonResponse(200, { success: true, contacts: [] }),
        ),
      ),
    );
    renderWithProviders(<AdminHelpScreen />);
    await screen.findByText('Ramesh Kumar');

    // A note on the request the queue already shows: news to nobody.
    act(() => stream.help_request?.(waiting));
    expect(shown).toEqual([]);

    act(() => stream.help_request?.(arriving));
    expect(shown).toEqual([{ title: 'Help request from Sunil Yadav', body: 'NH48, Vapi' }]);

    // The same request claimed a moment later is not a second arrival.
    act(() => stream.help_request?.({ ...arriving, status: 'claimed' }));
    expect(shown).toHaveLength(1);
  });

  it('announces a repeat again and shows how many times the driver asked', async () => {
    signIn();
    const shown = fakeNotifications();
    let queue = [waiting];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          url.includes('/admin/help-requests')
            ? jsonResponse(200, { success: true, requests: queue, nextCursor: null })
            : jsonResponse(200, { success: true, contacts: [] }),
        ),
      ),
    );
    renderWithProviders(<AdminHelpScreen />);
    await screen.findByText('Ramesh Kumar');
    expect(screen.queryByText('×3')).not.toBeInTheDocument();

    const repeated = { ...waiting, repeatCount: 3, location: 'NH48, Valsad' };
    queue = [repeated];
    act(() => stream.help_request?.(repeated));
    expect(shown).toEqual([
      { title: 'Ramesh Kumar asked again (3 times)', body: 'NH48, Valsad · Support Team' },
    ]);
    expect(await screen.findByText('×3')).toBeInTheDocument();
    expect(screen.getByText('Asked 3 times')).toBeInTheDocument();

    // A note on it afterwards is no new repeat.
    act(() => stream.help_request?.(repeated));
    expect(shown).toHaveLength(1);
  });
});
