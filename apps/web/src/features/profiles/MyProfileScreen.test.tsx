import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { jsonResponse, signIn, silentFetch } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { MyProfileScreen } from './MyProfileScreen';

/** The demo driver as GET /api/v1/me answers it. */
function meAnswer(): unknown {
  knowViewer();
  const answer = queryClient.getQueryData(meKeys.all);
  queryClient.clear();
  return answer;
}

/** /api/v1/me answers with `me`; the profile's other calls never answer. */
function stubMe(me: () => Response) {
  const fetch = vi.fn((url: string) =>
    url === '/api/v1/me' ? Promise.resolve(me()) : silentFetch(),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('own profile when the account check fails', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    await i18n.changeLanguage('en');
  });

  it("says 'Failed to load user' with the reason and a retry, never 'Loading profile...' for ever", async () => {
    signIn();
    const user = meAnswer();
    const fetch = stubMe(() =>
      jsonResponse(503, { success: false, message: 'Server is busy', code: 'server_error' }),
    );
    renderWithProviders(<MyProfileScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load user');
    // The reason comes from the answer's code, never from its English text.
    expect(alert).toHaveTextContent('Something went wrong on our side');
    expect(screen.queryByText('Loading profile...')).not.toBeInTheDocument();

    fetch.mockImplementation((url: string) =>
      url === '/api/v1/me' ? Promise.resolve(jsonResponse(200, user)) : silentFetch(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('my-name')).textContent).toBe('Ramesh Kumar');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it in Hindi for a Hindi reader', async () => {
    await i18n.changeLanguage('hi');
    signIn();
    stubMe(() => jsonResponse(500, { success: false }));
    renderWithProviders(<MyProfileScreen />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('यूज़र लोड नहीं हो पाया');
    expect(alert.querySelector('button')?.textContent).toBe(i18n.t('feed.retry'));
  });
});
