import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { followKeys } from '../../api/keys/followKeys';
import { jsonResponse, signIn, silentFetch } from '../../test/renderRoute';
import {
  authorId,
  knowViewer,
  renderWithProviders,
  viewerId,
} from '../../test/renderWithProviders';
import { FollowButton } from './FollowButton';

function knowState(isFollowing: boolean) {
  queryClient.setQueryData(followKeys.state(authorId), { success: true, isFollowing });
  queryClient.setQueryData(followKeys.stats(authorId), {
    success: true,
    followersCount: 10,
    followingCount: 3,
  });
}

describe('follow button', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('is hidden from a visitor without a token', () => {
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    renderWithProviders(<FollowButton userId={authorId} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("is hidden on the viewer's own posts and profile", () => {
    signIn();
    knowViewer();
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    renderWithProviders(<FollowButton userId={viewerId} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('follows at once with a spinner, sends one request for fast taps, then says so', async () => {
    signIn();
    knowViewer();
    knowState(false);
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : silentFetch(),
    );
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<FollowButton userId={authorId} />);
    const button = screen.getByRole('button', { name: 'Follow' });
    fireEvent.click(button);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following).toBeDisabled();
    expect(following).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(following);
    fireEvent.click(following);
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.[0]).toBe(`/api/follow/follow/${authorId}`);
    // The follower count moved with the button.
    expect(
      queryClient.getQueryData<{ followersCount: number }>(followKeys.stats(authorId))
        ?.followersCount,
    ).toBe(11);
    answer(
      jsonResponse(200, {
        success: true,
        message: 'Successfully followed user!',
        code: 'followed',
      }),
    );
    expect(await screen.findByText('Successfully followed user!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Following' })).toBeEnabled());
    // Stats are refetched after the change (as soon as a screen shows them).
    await waitFor(() =>
      expect(queryClient.getQueryState(followKeys.stats(authorId))?.isInvalidated).toBe(true),
    );
    expect(posts()).toHaveLength(1);
  });

  it("goes back and shows the server's message when unfollowing fails", async () => {
    signIn();
    knowViewer();
    knowState(true);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) =>
        init?.method === 'DELETE'
          ? Promise.resolve(
              jsonResponse(404, {
                success: false,
                message: 'This user does not exist',
                code: 'user_not_found',
              }),
            )
          : silentFetch(),
      ),
    );
    renderWithProviders(<FollowButton userId={authorId} />);
    fireEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByText('This user does not exist')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Following' })).toBeInTheDocument();
  });

  it('asks for the missing user information while the viewer is unknown', async () => {
    signIn();
    knowState(false);
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    renderWithProviders(<FollowButton userId={authorId} />);
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(
      await screen.findByText('Missing user information for follow action'),
    ).toBeInTheDocument();
  });
});
