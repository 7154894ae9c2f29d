import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { newProduct, postId, renderWithProviders } from '../../test/renderWithProviders';
import { MyVideos } from './MyVideos';

function serve() {
  const fetch = vi.fn((url: string, init?: RequestInit) =>
    Promise.resolve(
      init?.method === 'DELETE'
        ? jsonResponse(200, {
            success: true,
            message: 'Video deleted successfully',
            code: 'video_deleted',
          })
        : url === '/api/v1/video/mine'
          ? jsonResponse(200, {
              success: true,
              products: [
                newProduct({ title: ' ' }),
                newProduct({ _id: '4c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f', status: 'processing' }),
              ],
            })
          : jsonResponse(404, {}),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('my videos', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('counts the videos, falls back to Untitled Video and shows processing', async () => {
    signIn();
    serve();
    renderWithProviders(<MyVideos />);
    expect(await screen.findByRole('heading', { name: 'My Videos (2)' })).toBeInTheDocument();
    expect(screen.getByText('Untitled Video')).toBeInTheDocument();
    expect(screen.getByText('Processing...')).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    signIn();
    const fetch = serve();
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderWithProviders(<MyVideos />);
    const remove = await screen.findByRole('button', { name: 'Delete Untitled Video' });
    const deletes = () => fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this video?');
    expect(deletes()).toHaveLength(0);
    fireEvent.click(remove);
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]?.[0]).toBe(`/api/v1/admin/product/${postId}`);
    expect(await screen.findByText('Video deleted successfully')).toBeInTheDocument();
  });
});
