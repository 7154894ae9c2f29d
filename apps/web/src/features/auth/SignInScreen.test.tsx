import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { setBlockedAccount } from '../../api/blocked';
import { jsonResponse, renderRoute } from '../../test/renderRoute';

describe('Driver Login', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    setBlockedAccount(null);
  });

  it('requires the phone number and the password', () => {
    renderRoute('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('links to registration and forgot password', () => {
    renderRoute('/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows the error in red text and as a toast, falling back to Login failed', async () => {
    fetchMock.mockResolvedValue(new Response('bad gateway', { status: 502 }));
    renderRoute('/login');
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '9000000002' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Login failed')).toHaveLength(2);
  });

  it('turns a blocked answer into the Account Blocked screen', async () => {
    fetchMock.mockImplementation(async (url) =>
      url === '/api/v1/login'
        ? jsonResponse(403, {
            success: false,
            message: 'Your account has been blocked',
            code: 'account_blocked',
            block: { status: 'true', blockedAt: '2025-03-05T10:00:00.000Z', reason: 'spam' },
            user: { name: 'Mohan Lal', number: '+919000000002' },
          })
        : jsonResponse(200, { success: true, supportEmail: 'help@saathi.test', publicUrl: '' }),
    );
    renderRoute('/login');
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '9000000002' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Account Blocked' })).toBeInTheDocument();
    expect(screen.getByText('Mohan Lal')).toBeInTheDocument();
    const support = await screen.findByRole('link', { name: 'Contact Support' });
    expect(support).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:help@saathi\.test\?subject=/),
    );
    expect(screen.getByText(/24-48 hours/)).toBeInTheDocument();
  });
});
