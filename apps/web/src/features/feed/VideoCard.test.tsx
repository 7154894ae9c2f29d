import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { postKeys } from '../../api/keys/postKeys';
import { stubMediaMethods } from '../../test/fakeMedia';
import { jsonResponse, signIn, silentFetch } from '../../test/renderRoute';
import { newProduct, postId, renderWithProviders } from '../../test/renderWithProviders';
import { VideoCard } from './VideoCard';

interface FeedCache {
  pages: { products: Product[] }[];
}

function renderCard(overrides: Parameters<typeof newProduct>[0] = {}) {
  const product = newProduct(overrides);
  // The card reads its post from the feed cache, as in the app, so likes can patch it.
  queryClient.setQueryData(postKeys.feed(false), {
    pages: [{ success: true, products: [product], nextCursor: null }],
    pageParams: [null],
  });
  function Cached() {
    // A disabled query only reads the cache, and re-renders when a like patches it.
    const { data } = useQuery<FeedCache>({
      queryKey: postKeys.feed(false),
      queryFn: () => Promise.reject(new Error('not fetched in this test')),
      enabled: false,
    });
    return <VideoCard post={data?.pages[0]?.products[0] ?? product} mode="preload" />;
  }
  return renderWithProviders(<Cached />);
}

describe('video card', () => {
  beforeEach(() => {
    stubMediaMethods();
  });
  afterEach(() => {
    // Unmount while the media stubs are still in place.
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows like and comment counts in short form', () => {
    renderCard({ likes: 1540, commentsCount: 2_345_678 });
    expect(screen.getByText('1.5K')).toBeInTheDocument();
    expect(screen.getByText('2.3M')).toBeInTheDocument();
  });

  it('names each action button with the count it shows (axe label-content-name-mismatch)', () => {
    renderCard({ likes: 1540, commentsCount: 2_345_678 });
    expect(screen.getByRole('button', { name: 'Like (1.5K)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comments (2.3M)' })).toBeInTheDocument();
    // Every labelled button's name holds its visible text, so a voice user can say what is seen.
    for (const button of screen.getAllByRole('button')) {
      const label = button.getAttribute('aria-label');
      const visible = button.textContent?.trim() ?? '';
      if (label && visible) expect(label).toContain(visible);
    }
  });

  it('shows small counts as they are', () => {
    renderCard({ likes: 999, commentsCount: 0 });
    expect(screen.getByText('999')).toBeInTheDocument();
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('falls back to Unknown User and links the uploader to their profile', () => {
    renderCard({ user: { ...newProduct().user, name: ' ' } });
    const link = screen.getByRole('link', { name: /Unknown User/ });
    expect(link).toHaveAttribute('href', `/user/profile/${newProduct().user._id}`);
    expect(link).toHaveTextContent('Driver');
  });

  it('shows caption and location while the video is paused only', () => {
    renderCard();
    expect(screen.getByText('Panvel')).toBeInTheDocument();
    fireEvent.play(screen.getByTestId('feed-video'));
    expect(screen.queryByText('Panvel')).not.toBeInTheDocument();
    fireEvent.pause(screen.getByTestId('feed-video'));
    expect(screen.getByText('Panvel')).toBeInTheDocument();
  });

  it('asks a visitor without a token to log in before liking', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Like (0)' }));
    expect(await screen.findByText('Please login to like this video')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('likes at once, sends one request for a double tap and settles on the answer', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const likeCall = (url: string) => url.includes('/toggle/like/');
    // The uploader card also asks for follow stats and state; those never answer here.
    const fetch = vi.fn((url: string) =>
      likeCall(url) ? new Promise<Response>((resolve) => (answer = resolve)) : silentFetch(),
    );
    const likeCalls = () => fetch.mock.calls.filter(([url]) => likeCall(url));
    vi.stubGlobal('fetch', fetch);
    renderCard({ likes: 4 });
    fireEvent.click(screen.getByRole('button', { name: 'Like (4)' }));
    const liked = await screen.findByRole('button', { name: 'Like (5)' });
    expect(liked).toBePressed();
    fireEvent.click(liked);
    fireEvent.click(await screen.findByRole('button', { name: 'Like (4)' }));
    await screen.findByRole('button', { name: 'Like (5)' });
    expect(likeCalls()).toHaveLength(1);
    expect(likeCalls()[0]).toEqual([
      `/api/v1/toggle/like/${postId}`,
      expect.objectContaining({ method: 'PUT' }),
    ]);
    answer(jsonResponse(200, { success: true, liked: true, likes: 5 }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like (5)' })).toBePressed());
    expect(likeCalls()).toHaveLength(1);
  });
});
