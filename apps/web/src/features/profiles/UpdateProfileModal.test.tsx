import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { SelfUser } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { meKeys } from '../../api/keys/meKeys';
import { signIn } from '../../test/renderRoute';
import { knowViewer, renderWithProviders } from '../../test/renderWithProviders';
import { UpdateProfileModal } from './UpdateProfileModal';

describe('update profile', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('refuses a one-letter name without calling the server', () => {
    signIn();
    knowViewer();
    const open = vi.fn();
    vi.stubGlobal(
      'XMLHttpRequest',
      vi.fn(() => ({ open })),
    );
    const user = queryClient.getQueryData<{ user: SelfUser }>(meKeys.all)?.user;
    if (!user) throw new Error('viewer not known');
    renderWithProviders(<UpdateProfileModal user={user} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'R' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name must be 2 to 30 characters')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ramesh' } });
    expect(screen.queryByText('Name must be 2 to 30 characters')).toBeNull();
  });

  it('lets the driver remove the photo and choose whether the number is shown', () => {
    signIn();
    knowViewer();
    const user = queryClient.getQueryData<{ user: SelfUser }>(meKeys.all)?.user;
    if (!user) throw new Error('viewer not known');
    renderWithProviders(
      <UpdateProfileModal
        user={{ ...user, profileImage: { url: '/media/public/avatars/a.webp' } }}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('button', { name: 'Remove photo' })).toBeNull();
    const toggle = screen.getByRole('switch', { name: 'Show my number to others' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });
});
