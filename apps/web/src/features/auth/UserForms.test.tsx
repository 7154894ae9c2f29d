import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { readToken } from '../../api/token';
import { jsonResponse, renderRoute } from '../../test/renderRoute';

const user = {
  _id: '7d0f5a2e-4c1b-4f8e-9a3d-2b6c8e1f0a9b',
  name: 'Sita Devi',
  number: '+919876543210',
  usertype: 'user',
  profileImage: { url: '/default-avatar.svg' },
  createdAt: '2025-01-01T00:00:00.000Z',
  remindSalah: 'off',
  showNumber: false,
  verification: 'not_required',
  block: { status: 'false', blockedAt: null, reason: null },
};

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('normal user forms', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    queryClient.clear();
  });

  it('registration checks name length 2 to 30 and password minimum 4', () => {
    renderRoute('/end/user/register');
    type('Name', 'A'.repeat(31));
    type('Phone Number', '9876543210');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Name must be 2 to 30 characters')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registration saves the token and goes to the feed', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, {
        success: true,
        Token: 'jwt-1',
        message: 'ok',
        code: 'user_registered',
        user,
      }),
    );
    const { router } = renderRoute('/user/register');
    type('Name', 'Sita Devi');
    type('Phone Number', '+91 98765 43210');
    type('Password', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(readToken()).toBe('jwt-1');
    expect(screen.getByText('Registration successful! You can now log in.')).toBeInTheDocument();
  });

  it('registration without a token in the answer counts as failed', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { success: true, message: 'ok', code: 'user_registered' }),
    );
    renderRoute('/end/user/register');
    type('Name', 'Sita Devi');
    type('Phone Number', '9876543210');
    type('Password', 'abcd');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findAllByText('Registration failed')).length).toBeGreaterThan(0);
    expect(readToken()).toBeNull();
  });

  it('login asks for a password of at least 4 characters', () => {
    renderRoute('/end/user/login');
    type('Phone Number', '9876543210');
    type('Password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Password must be at least 4 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('login shows the translated server error, and Network error when offline', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { success: false, message: 'nope', code: 'login_failed' }),
    );
    renderRoute('/end/user/login');
    type('Phone Number', '9876543210');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findAllByText('Invalid phone number or password')).length).toBe(2);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findAllByText('Network error')).length).toBeGreaterThan(0);
  });

  it('forgot password needs the phone number and sends it in the email field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        success: true,
        message: 'If an account exists for this number, a reset link has been sent to it by SMS.',
        code: 'reset_sent',
      }),
    );
    renderRoute('/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    type('Phone Number', '9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({ email: '9876543210' });
    expect((await screen.findAllByText(/a reset link has been sent/)).length).toBeGreaterThan(0);
  });
});
