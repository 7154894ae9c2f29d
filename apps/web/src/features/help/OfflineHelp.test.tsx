import i18n from 'i18next';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { outboxAll, outboxDelete } from '../../api/outboxDb';
import { queryClient } from '../../api/queryClient';
import { SosPanel, sosCountdownSeconds } from './SosPanel';
import type { WhereAmI } from '../location';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { HelpScreen } from './HelpScreen';
import { fetchTeamContacts } from './helpApi';
import { reloadHelpOutbox } from './outbox';
import { noAnswerFallbackMs } from './useHelpSend';

const team = [
  {
    _id: '0e7d3c2b-1a09-4f8e-9d6c-5b4a39281706',
    name: 'Support Team',
    nameHi: 'सहायता टीम',
    number: '+91 90000 20001',
    position: 0,
  },
  {
    _id: '1f8e4d3c-2b1a-4f9e-8d7c-6c5b4a392817',
    name: 'Sales Team',
    nameHi: null,
    number: '+91 90000 20002',
    position: 1,
  },
];

const vapi: WhereAmI = {
  status: 'known',
  coords: { latitude: 20.3893, longitude: 72.9106 },
  place: { kind: 'none' },
  failure: null,
  locate: () => undefined,
};

/** The team numbers as a visit of any signed-in screen leaves them on the phone. */
async function keepTeamOnPhone() {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(jsonResponse(200, { success: true, contacts: team }))),
  );
  await fetchTeamContacts();
  queryClient.clear();
}

function expectFallbackLinks() {
  const fallback = screen.getByTestId('offline-help');
  const hrefs = [...fallback.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
  const sms = hrefs.find((h) => h.startsWith('sms:+919000020001?body=')) ?? '';
  expect(decodeURIComponent(sms)).toContain('https://www.google.com/maps?q=20.389300,72.910600');
  expect(hrefs).toEqual(
    expect.arrayContaining(['tel:+919000020001', 'tel:+919000020002', 'tel:112']),
  );
}

let online: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  signIn();
  knowViewer();
  localStorage.clear();
  online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  await keepTeamOnPhone();
  knowViewer();
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  queryClient.clear();
  for (const entry of await outboxAll<{ id: string }>('help')) {
    await outboxDelete('help', entry.id);
  }
  await reloadHelpOutbox();
});

describe('help without the server', () => {
  it('offline, Help shows the team numbers kept on the phone, an SMS with the location and 112 at once', async () => {
    online.mockReturnValue(false);
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(
      'lastKnownLocation',
      JSON.stringify({ latitude: 20.3893, longitude: 72.9106, timestamp: Date.now() }),
    );
    renderWithProviders(<HelpScreen />);
    expectFallbackLinks();
    // Call Our Team lists the numbers kept on the phone, not a spinner or an error.
    fireEvent.click(screen.getByRole('button', { name: 'Call Our Team' }));
    const modal = screen.getByRole('dialog', { name: 'Call Our Team' });
    expect(modal.textContent).toContain('+91 90000 20002');
    expect(modal.textContent).not.toContain('Loading team numbers...');
    expect(modal.querySelector('a[href="tel:112"]')).not.toBeNull();
  });

  it('in Hindi, names each team by the Hindi name the admins gave, else by its English name', async () => {
    await i18n.changeLanguage('hi');
    try {
      online.mockReturnValue(false);
      vi.stubGlobal(
        'fetch',
        vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
      );
      renderWithProviders(<HelpScreen />);
      const fallback = screen.getByTestId('offline-help');
      expect(fallback.textContent).toContain('सहायता टीम');
      expect(fallback.textContent).not.toContain('Support Team');
      expect(fallback.textContent).toContain('Sales Team');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('SOS on a link that never answers: the links and the waiting request appear 8 s after sending', async () => {
    // IndexedDB (fake-indexeddb) runs on setImmediate: only the screen's clocks are faked.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.includes('/api/v1/request')) requests.push(url);
        return new Promise<Response>(() => undefined);
      }),
    );
    renderWithProviders(<SosPanel location={vapi} />);
    fireEvent.click(screen.getByRole('button', { name: 'SOS: send my location to the team' }));
    for (let second = 0; second < sosCountdownSeconds; second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1000));
    }
    // vi.waitFor would move the faked clock on: IndexedDB's own turns are awaited instead.
    while (requests.length === 0) await act(() => new Promise((done) => setImmediate(done)));
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sending SOS...' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(noAnswerFallbackMs - 100));
    expect(screen.queryByTestId('offline-help')).toBeNull();
    expect(screen.queryByText('Waiting for network')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expectFallbackLinks();
    expect(screen.getByText('Waiting for network')).toBeInTheDocument();
    // Cancel forgets it: nothing is sent again when the network returns.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await vi.waitFor(async () => expect(await outboxAll('help')).toEqual([]));
    expect(screen.queryByText('Waiting for network')).toBeNull();
  });
});
