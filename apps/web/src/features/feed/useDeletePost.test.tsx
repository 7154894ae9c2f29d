import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import { postId, renderWithProviders } from '../../test/renderWithProviders';
import { useDeletePost } from './useDeletePost';

function DeleteButton({ onDone }: { onDone: (deleted: boolean) => void }) {
  const { deletePost } = useDeletePost();
  return (
    <button type="button" onClick={() => void deletePost(postId).then(onDone)}>
      Delete
    </button>
  );
}

describe('useDeletePost', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    queryClient.clear();
  });

  it('needs a login', async () => {
    const onDone = vi.fn();
    renderWithProviders(<DeleteButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Please login to delete videos')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('asks first and does nothing when the driver says no', async () => {
    signIn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<DeleteButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this video?');
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('deletes after a yes and says so', async () => {
    signIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const fetch = vi.fn(() =>
      Promise.resolve(
        jsonResponse(200, {
          success: true,
          message: 'Video deleted successfully',
          code: 'video_deleted',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = vi.fn();
    renderWithProviders(<DeleteButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video deleted successfully')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      `/api/v1/admin/product/${postId}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('says Failed to delete video when the server gives no reason', async () => {
    signIn();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 500 }))),
    );
    const onDone = vi.fn();
    renderWithProviders(<DeleteButton onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete video')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(false);
  });
});
