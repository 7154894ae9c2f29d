import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { HelpScreen } from './HelpScreen';

const team = [
  {
    _id: '0e7d3c2b-1a09-4f8e-9d6c-5b4a39281706',
    name: 'Support Team',
    nameHi: null,
    number: '+91 90000 20001',
    position: 0,
  },
];

describe('Help screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('sends one help request when a team number is tapped twice on a slow network', async () => {
    signIn();
    knowViewer();
    const requests: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.includes('/team-contacts')) {
          return Promise.resolve(jsonResponse(200, { success: true, contacts: team }));
        }
        requests.push(url);
        // The help request never answers while the driver taps.
        return new Promise<Response>(() => undefined);
      }),
    );
    renderWithProviders(<HelpScreen />);
    fireEvent.click(screen.getByRole('button', { name: 'Call Our Team' }));
    const entry = await screen.findByRole('link', { name: /Support Team/ });
    fireEvent.click(entry);
    fireEvent.click(entry);
    await waitFor(() =>
      expect(requests.filter((u) => u.includes('/api/v1/request'))).toHaveLength(1),
    );
    expect(requests.filter((u) => u.includes('/api/v1/request'))).toHaveLength(1);
  });
});
