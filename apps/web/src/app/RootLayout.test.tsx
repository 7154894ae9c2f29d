import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { queryClient } from '../api/queryClient';
import { setBlockedAccount } from '../api/blocked';
import { jsonResponse, renderRoute, signIn, silentFetch } from '../test/renderRoute';

const labels = ['Feed', 'Emergency', 'Business', 'Voice Chat', 'Profile', 'Help'];

describe('app shell', () => {
  beforeEach(() => vi.stubGlobal('fetch', vi.fn(silentFetch)));
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    setBlockedAccount(null);
  });

  it('shows the six navigation entries to a signed-in user, the current one marked', () => {
    signIn();
    renderRoute('/emergency');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const label of labels) expect(nav).toHaveTextContent(label);
    expect(screen.getByRole('link', { name: 'Emergency' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Feed' })).not.toHaveAttribute('aria-current');
  });

  it('hides the navigation on the login screen even with a token', () => {
    signIn();
    renderRoute('/login');
    expect(screen.getByRole('heading', { name: 'Driver Login' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('sends a visitor without a token from a protected screen to /login', async () => {
    const { router } = renderRoute('/my/profile');
    // The profile screen loads on demand first, which takes a while on a busy machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), {
      timeout: 5000,
    });
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('lets a visitor without a token read the terms', async () => {
    renderRoute('/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
  });

  it('replaces every route with the blocked screen when /me says the account is blocked', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/v1/me'
          ? jsonResponse(200, {
              success: true,
              user: {
                _id: '7d0f5a2e-4c1b-4f8e-9a3d-2b6c8e1f0a9b',
                name: 'Ramesh Kumar',
                number: '+919876543210',
                usertype: 'driver',
                profileImage: { url: '/default-avatar.svg' },
                createdAt: '2025-01-01T00:00:00.000Z',
                remindSalah: 'off',
                showNumber: false,
                verification: 'verified',
                block: { status: 'true', blockedAt: '2025-03-05T10:00:00.000Z', reason: null },
              },
            })
          : silentFetch(),
      ),
    );
    renderRoute('/help');
    expect(await screen.findByRole('heading', { name: 'Account Blocked' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Your account has been temporarily blocked due to policy violations or security concerns.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Ramesh Kumar')).toBeInTheDocument();
    expect(screen.getByText('+919876543210')).toBeInTheDocument();
    expect(screen.getByText('5 March 2025')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
