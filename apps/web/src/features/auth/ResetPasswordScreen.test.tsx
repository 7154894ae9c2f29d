import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, renderRoute } from '../../test/renderRoute';

const token = 'a'.repeat(32);

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
}

/** The screen loads on demand, so wait for its heading. */
async function renderScreen(path: string) {
  const view = renderRoute(path);
  await screen.findByRole('heading', { level: 1, name: 'Reset Password' });
  return view;
}

describe('Reset Password', () => {
  const fetchMock = vi.fn(async () =>
    jsonResponse(200, {
      success: true,
      message: 'Your password has been reset.',
      code: 'reset_done',
    }),
  );
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockClear();
  });

  it('requires both fields', async () => {
    await renderScreen(`/reset-password/${token}`);
    fill('', '');
    expect(screen.getAllByText('Password is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters', async () => {
    await renderScreen(`/reset-password/${token}`);
    fill('short', 'short');
    expect(screen.getAllByText('Password must be at least 8 characters')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when the passwords do not match', async () => {
    await renderScreen(`/reset-password/${token}`);
    fill('longenough1', 'longenough2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token in the path and goes to /login on success', async () => {
    const { router } = await renderScreen(`/reset-password/${token}`);
    fill('longenough1', 'longenough1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/v1/password/reset/${token}`,
      expect.objectContaining({ method: 'PUT' }),
    );
    // The toast says what the answer's code means, not the answer's own English text.
    expect(
      await screen.findByText('Your password has been reset. Please login with the new password.'),
    ).toBeInTheDocument();
  });
});
