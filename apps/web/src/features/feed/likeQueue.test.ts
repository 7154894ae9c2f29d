// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createLikeQueue, type LikeState } from './likeQueue';

/** A fake server whose answers the test releases one at a time. */
function fakeServer(start: LikeState) {
  let state = start;
  const pending: (() => void)[] = [];
  const send = vi.fn(
    () =>
      new Promise<LikeState>((resolve) => {
        pending.push(() => {
          state = { liked: !state.liked, likes: state.likes + (state.liked ? -1 : 1) };
          resolve(state);
        });
      }),
  );
  const answerNext = async () => {
    pending.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, answerNext, pending };
}

describe('like toggle queue', () => {
  it('shows the like at once and settles on the server answer', async () => {
    const server = fakeServer({ liked: false, likes: 4 });
    const show = vi.fn();
    const queue = createLikeQueue({ send: server.send, show, fail: vi.fn() });
    queue.toggle('p1', { liked: false, likes: 4 });
    expect(show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 5 });
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 5 });
  });

  it('keeps one request in flight on a double tap and ends where the user left it', async () => {
    const server = fakeServer({ liked: false, likes: 0 });
    const show = vi.fn();
    const queue = createLikeQueue({ send: server.send, show, fail: vi.fn() });
    queue.toggle('p1', { liked: false, likes: 0 });
    queue.toggle('p1', { liked: true, likes: 1 });
    expect(show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 0 });
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(server.pending).toHaveLength(1);
    await server.answerNext();
    // The server now says liked; the user wants unliked, so exactly one more toggle goes out.
    expect(server.send).toHaveBeenCalledTimes(2);
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 0 });
  });

  it('sends once for a triple tap and never counts a like twice', async () => {
    const server = fakeServer({ liked: false, likes: 7 });
    const show = vi.fn();
    const queue = createLikeQueue({ send: server.send, show, fail: vi.fn() });
    queue.toggle('p1', { liked: false, likes: 7 });
    queue.toggle('p1', { liked: true, likes: 8 });
    queue.toggle('p1', { liked: false, likes: 7 });
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 8 });
  });

  it('rolls back to the last confirmed state when the call fails', async () => {
    const show = vi.fn();
    const fail = vi.fn();
    const queue = createLikeQueue({
      send: () => Promise.reject(new Error('offline')),
      show,
      fail,
    });
    queue.toggle('p1', { liked: false, likes: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 2 });
    expect(fail).toHaveBeenCalledTimes(1);
  });

  it('keeps posts independent', async () => {
    const server = fakeServer({ liked: false, likes: 0 });
    const queue = createLikeQueue({ send: server.send, show: vi.fn(), fail: vi.fn() });
    queue.toggle('p1', { liked: false, likes: 0 });
    queue.toggle('p2', { liked: false, likes: 0 });
    expect(server.send).toHaveBeenCalledTimes(2);
  });
});
