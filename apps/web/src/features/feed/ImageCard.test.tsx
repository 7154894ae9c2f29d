import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { newProduct, postId, renderWithProviders } from '../../test/renderWithProviders';
import { ImageCard } from './ImageCard';

const image = { url: '/media/posts/p/image-0.jpg', width: 720, height: 1280 };

function renderImage() {
  const post = newProduct({ video: null, images: [image] });
  renderWithProviders(<ImageCard post={post} image={image} index={0} near />);
}

describe('image card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('reports the image post in the report modal worded for a post, then shows Reported', async () => {
    signIn();
    const fetch = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        jsonResponse(200, {
          success: true,
          message: 'Post reported successfully! Admin will review it.',
          code: 'reported',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    renderImage();
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    expect(screen.getByRole('heading', { name: 'Report Post' })).toBeInTheDocument();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit Report' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason for Report *'), {
      target: { value: ' Obscene photo ' },
    });
    fireEvent.click(submit);
    expect(
      await screen.findByText('Post reported successfully! Admin will review it.'),
    ).toBeInTheDocument();
    const sent = fetch.mock.calls.find(([url]) => url.includes('/api/v1/video/report'));
    expect(sent?.[1]?.method).toBe('POST');
    expect(sent?.[1]?.body).toBe(JSON.stringify({ videoId: postId, reason: 'Obscene photo' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const reported = screen.getByRole('button', { name: 'Reported' }) as HTMLButtonElement;
    expect(reported.disabled).toBe(true);
  });

  it('asks for a login before reporting', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderImage();
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.change(screen.getByLabelText('Reason for Report *'), { target: { value: 'Abuse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Report' }));
    expect(await screen.findByText('Please login to report posts')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('/report'))).toEqual([]);
  });
});
