import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, renderRoute, signIn, silentFetch } from '../../test/renderRoute';
import { authorId, knowViewer, newProduct, viewerId } from '../../test/renderWithProviders';

function profileBody(followersCount: number, videos = [newProduct({ likes: 2500 })]) {
  return {
    success: true,
    profile: {
      user: {
        _id: authorId,
        name: 'Suresh Yadav',
        usertype: 'driver',
        profileImage: { url: '/default-avatar.svg' },
        createdAt: '2025-03-05T10:00:00.000Z',
      },
      followStats: { videosCount: videos.length, followersCount, followingCount: 2_345_678 },
      isFollowing: false,
      videos,
    },
  };
}

function serve(body: unknown, status = 200) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === `/api/v1/user/profile/${authorId}`)
      return Promise.resolve(jsonResponse(status, body));
    if (init?.method === 'POST') {
      return Promise.resolve(
        jsonResponse(200, {
          success: true,
          message: 'Successfully followed user!',
          code: 'followed',
        }),
      );
    }
    return silentFetch();
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe("another user's profile", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows the counts in short form, the join date and the videos', async () => {
    signIn();
    knowViewer();
    serve(profileBody(1540));
    renderRoute(`/user/profile/${authorId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Suresh Yadav' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('count-followers').textContent).toBe('1.5K');
    expect(screen.getByTestId('count-following').textContent).toBe('2.3M');
    expect(screen.getByTestId('count-videos').textContent).toBe('1');
    expect(screen.getByText('Joined 5 March 2025')).toBeInTheDocument();
    expect(screen.getByText('2.5K')).toBeInTheDocument();
  });

  it('adds one follower when the viewer follows', async () => {
    signIn();
    knowViewer();
    serve(profileBody(41));
    renderRoute(`/user/profile/${authorId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(screen.getByTestId('count-followers').textContent).toBe('42'));
    expect(await screen.findByText('Successfully followed user!')).toBeInTheDocument();
  });

  it('shows the empty state when there are no videos', async () => {
    signIn();
    knowViewer();
    serve(profileBody(0, []));
    renderRoute(`/user/profile/${authorId}`);
    expect(await screen.findByText('No Videos Yet')).toBeInTheDocument();
    expect(screen.getByText("This user hasn't uploaded any videos yet.")).toBeInTheDocument();
  });

  it('says Profile Not Found for a missing user', async () => {
    signIn();
    knowViewer();
    serve({ success: false, message: 'This user does not exist', code: 'user_not_found' }, 404);
    renderRoute(`/user/profile/${authorId}`);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it("sends the viewer's own id to /my/profile", async () => {
    signIn();
    knowViewer();
    vi.stubGlobal('fetch', vi.fn(silentFetch));
    const { router } = renderRoute(`/user/profile/${viewerId}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my/profile'));
  });
});
