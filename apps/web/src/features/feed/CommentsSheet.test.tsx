import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Comment } from '@saathi/contract';
import { queryClient } from '../../api/queryClient';
import { jsonResponse, signIn } from '../../test/renderRoute';
import {
  authorId,
  knowViewer,
  postId,
  renderWithProviders,
  viewerId,
} from '../../test/renderWithProviders';
import { canSendComment } from './commentRules';
import { CommentsSheet } from './CommentsSheet';

const mine: Comment = {
  _id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  comment: 'Drive safe',
  name: 'Ramesh Kumar',
  user: { _id: viewerId, name: 'Ramesh Kumar', profileImage: { url: '/default-avatar.svg' } },
  createdAt: '2025-03-05T10:00:00.000Z',
};
const theirs: Comment = {
  ...mine,
  _id: '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b',
  comment: 'Road is clear now',
  name: '',
  user: { _id: authorId, name: '', profileImage: { url: '/default-avatar.svg' } },
};

function serve(comments: Comment[], onPost?: () => Promise<Response>) {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (init?.method === 'POST' && onPost) return onPost();
    if (init?.method === 'DELETE')
      return Promise.resolve(
        jsonResponse(200, { success: true, message: 'Comment deleted', code: 'comment_deleted' }),
      );
    return Promise.resolve(
      jsonResponse(200, { success: true, comments, total: comments.length, nextCursor: null }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('comment rules', () => {
  it('ignores empty and whitespace-only text, and anything while a post runs', () => {
    expect(canSendComment('', false)).toBe(false);
    expect(canSendComment('   \n ', false)).toBe(false);
    expect(canSendComment('Drive safe', false)).toBe(true);
    expect(canSendComment('Drive safe', true)).toBe(false);
  });
});

describe('comments sheet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it('shows the empty state and the count in the title', async () => {
    serve([]);
    renderWithProviders(<CommentsSheet postId={postId} count={0} onClose={vi.fn()} />);
    expect(
      await screen.findByText('No comments yet. Be the first to comment!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeInTheDocument();
  });

  it('names a nameless commenter Anonymous and offers delete only on the viewer’s own', async () => {
    signIn();
    knowViewer();
    serve([mine, theirs]);
    renderWithProviders(<CommentsSheet postId={postId} count={2} onClose={vi.fn()} />);
    expect(await screen.findByText('Road is clear now')).toBeInTheDocument();
    expect(screen.getByText('Anonymous')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Delete comment' })).toHaveLength(1);
  });

  it('keeps send disabled for blank text and submits trimmed text on Enter', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const fetch = serve([], () => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<CommentsSheet postId={postId} count={0} onClose={vi.fn()} />);
    const input = screen.getByPlaceholderText('Add a comment...');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.submit(input);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(input, { target: { value: '  Drive safe  ' } });
    expect(send.disabled).toBe(false);
    fireEvent.submit(input);
    await waitFor(() => expect(send.disabled).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[1]?.body).toBe(JSON.stringify({ comment: 'Drive safe' }));
    // A second Enter while the first is posting sends nothing.
    fireEvent.submit(input);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    answer(jsonResponse(200, { success: true, comment: mine }));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('says Failed to add comment when the server gives no reason', async () => {
    signIn();
    serve([], () => Promise.resolve(new Response('oops', { status: 500 })));
    renderWithProviders(<CommentsSheet postId={postId} count={0} onClose={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('Add a comment...'), {
      target: { value: 'Hello' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Failed to add comment')).toBeInTheDocument();
  });

  it('asks for a login before commenting', async () => {
    serve([]);
    renderWithProviders(<CommentsSheet postId={postId} count={0} onClose={vi.fn()} />);
    fireEvent.change(screen.getByPlaceholderText('Add a comment...'), {
      target: { value: 'Hello' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please login to comment')).toBeInTheDocument();
  });

  it('closes on a touch outside the panel', () => {
    serve([]);
    const onClose = vi.fn();
    renderWithProviders(<CommentsSheet postId={postId} count={0} onClose={onClose} />);
    // A touch on the ::backdrop reaches the <dialog> itself.
    fireEvent.pointerDown(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalled();
  });
});
