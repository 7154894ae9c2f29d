import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUserDetail } from '@saathi/contract';
import { queryClient } from '../../../api/queryClient';
import { jsonResponse, signIn } from '../../../test/renderRoute';
import { authorId, renderWithProviders } from '../../../test/renderWithProviders';
import { UserActions } from './UserActions';

const person: AdminUserDetail = {
  _id: authorId,
  name: 'Kishore',
  number: '+919811100022',
  usertype: 'user',
  verification: 'not_required',
  blocked: true,
  profileImage: { url: '/default-avatar.svg' },
  createdAt: '2025-01-01T00:00:00.000Z',
  verificationNote: null,
  block: { status: 'true', blockedAt: '2025-02-01T00:00:00.000Z', reason: 'Spam' },
  followersCount: 0,
  followingCount: 0,
};

function answering() {
  const fetch = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(
      jsonResponse(200, { success: true, message: 'Done', code: 'user_unblocked', user: person }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const calls = () => fetch.mock.calls.filter(([url]) => String(url).includes('/admin/users/'));
  return { calls };
}

describe('user actions ask first', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('unblocks only after the confirm dialog, sending the optional note for the audit log', async () => {
    signIn();
    const { calls } = answering();
    renderWithProviders(<UserActions user={person} />);
    fireEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    const dialog = screen.getByRole('dialog', { name: 'Unblock Kishore?' });
    expect(calls()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: 'Apologised on the phone' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    const [url, init] = calls()[0] ?? [];
    expect(url).toContain(`/api/v1/admin/users/${authorId}/unblock`);
    expect(JSON.parse(String(init?.body))).toEqual({ reason: 'Apologised on the phone' });
  });

  it('makes an admin after confirming, without a note too', async () => {
    signIn();
    const { calls } = answering();
    renderWithProviders(<UserActions user={{ ...person, blocked: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Make admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Kishore an admin?' });
    expect(calls()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Make admin' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(String(calls()[0]?.[0])).toContain('/promote');
  });

  it('asks before removing the admin role', () => {
    signIn();
    const { calls } = answering();
    renderWithProviders(<UserActions user={{ ...person, blocked: false, usertype: 'admin' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove admin' }));
    screen.getByRole('dialog', { name: 'Remove the admin role of Kishore?' });
    expect(calls()).toEqual([]);
  });
});
