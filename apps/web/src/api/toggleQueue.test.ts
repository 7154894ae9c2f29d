// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createToggleQueue } from './toggleQueue';

interface LikeState {
  liked: boolean;
  likes: number;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A like endpoint: it flips whatever is asked; the test releases its answers one at a time. */
function flippingServer(start: LikeState) {
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
    await flush();
  };
  return { send, answerNext, pending };
}

function likeQueue(send: (key: string) => Promise<LikeState>) {
  const deps = {
    send,
    isOn: (state: LikeState) => state.liked,
    guess: (shown: LikeState, liked: boolean) => ({
      liked,
      likes: Math.max(0, shown.likes + (liked ? 1 : -1)),
    }),
    show: vi.fn(),
    done: vi.fn(),
    fail: vi.fn(),
  };
  return { queue: createToggleQueue(deps), deps };
}

/** A follow endpoint: it sets what is asked; each answer waits for the test. */
function settingServer() {
  const calls: { on: boolean; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const send = vi.fn(
    (_key: string, on: boolean) =>
      new Promise<boolean>((resolve, reject) => {
        calls.push({ on, resolve: () => resolve(on), reject });
      }),
  );
  const deps = {
    send,
    isOn: (state: boolean) => state,
    guess: (_shown: boolean, on: boolean) => on,
    show: vi.fn(),
    done: vi.fn(),
    fail: vi.fn(),
  };
  return { queue: createToggleQueue(deps), deps, calls };
}

describe('toggle queue on a flipping endpoint (likes)', () => {
  it('shows the guess at once and settles on the server answer', async () => {
    const server = flippingServer({ liked: false, likes: 4 });
    const { queue, deps } = likeQueue(server.send);
    queue.toggle('p1', { liked: false, likes: 4 });
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 5 });
    expect(queue.isPending('p1')).toBe(true);
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 5 });
    expect(deps.done).toHaveBeenCalledWith('p1', { liked: true, likes: 5 });
    expect(queue.isPending('p1')).toBe(false);
  });

  it('keeps one request in flight on a double tap and ends where the user left it', async () => {
    const server = flippingServer({ liked: false, likes: 0 });
    const { queue, deps } = likeQueue(server.send);
    queue.toggle('p1', { liked: false, likes: 0 });
    queue.toggle('p1', { liked: true, likes: 1 });
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 0 });
    expect(server.pending).toHaveLength(1);
    await server.answerNext();
    // The server now says liked; the user wants unliked, so exactly one more flip goes out.
    expect(server.send).toHaveBeenCalledTimes(2);
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(2);
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 0 });
  });

  it('sends once for a triple tap and never counts a like twice', async () => {
    const server = flippingServer({ liked: false, likes: 7 });
    const { queue, deps } = likeQueue(server.send);
    queue.toggle('p1', { liked: false, likes: 7 });
    queue.toggle('p1', { liked: true, likes: 8 });
    queue.toggle('p1', { liked: false, likes: 7 });
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(1);
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 8 });
  });

  it('flips again when the server held another state than the screen showed', async () => {
    // Liked on another phone: the screen shows unliked, so the first flip unlikes.
    const server = flippingServer({ liked: true, likes: 3 });
    const { queue, deps } = likeQueue(server.send);
    queue.toggle('p1', { liked: false, likes: 2 });
    await server.answerNext();
    expect(server.send).toHaveBeenCalledTimes(2);
    await server.answerNext();
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: true, likes: 3 });
  });

  it('gives up on a server that never flips', async () => {
    const send = vi.fn(() => Promise.resolve({ liked: false, likes: 0 }));
    const { queue, deps } = likeQueue(send);
    queue.toggle('p1', { liked: false, likes: 0 });
    await flush();
    expect(send).toHaveBeenCalledTimes(2);
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 0 });
    expect(queue.isPending('p1')).toBe(false);
  });

  it('rolls back to the last confirmed state when the call fails', async () => {
    const error = new Error('offline');
    const { queue, deps } = likeQueue(() => Promise.reject(error));
    queue.toggle('p1', { liked: false, likes: 2 });
    await flush();
    expect(deps.show).toHaveBeenLastCalledWith('p1', { liked: false, likes: 2 });
    expect(deps.fail).toHaveBeenCalledWith('p1', true, error);
    expect(deps.done).not.toHaveBeenCalled();
  });

  it('keeps items independent', () => {
    const server = flippingServer({ liked: false, likes: 0 });
    const { queue } = likeQueue(server.send);
    queue.toggle('p1', { liked: false, likes: 0 });
    queue.toggle('p2', { liked: false, likes: 0 });
    expect(server.send).toHaveBeenCalledTimes(2);
  });
});

describe('toggle queue on a setting endpoint (follows)', () => {
  it('never has two requests in flight: fast taps queue behind the first', async () => {
    const { queue, deps, calls } = settingServer();
    queue.toggle('u1', false);
    queue.toggle('u1', true);
    queue.toggle('u1', false);
    expect(deps.send).toHaveBeenCalledTimes(1);
    calls[0]?.resolve();
    await flush();
    // The last wish (follow) is what the server now holds: nothing more to send.
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.done).toHaveBeenCalledWith('u1', true);
  });

  it('sends the last wish after the first lands when it differs', async () => {
    const { queue, deps, calls } = settingServer();
    queue.toggle('u1', false);
    queue.toggle('u1', true);
    calls[0]?.resolve();
    await flush();
    expect(calls.map((call) => call.on)).toEqual([true, false]);
    calls[1]?.resolve();
    await flush();
    expect(deps.done).toHaveBeenCalledTimes(1);
    expect(deps.done).toHaveBeenCalledWith('u1', false);
  });

  it('rolls back to the confirmed state on failure and reports what was tried', async () => {
    const { queue, deps, calls } = settingServer();
    queue.toggle('u1', true);
    const error = new Error('offline');
    calls[0]?.reject(error);
    await flush();
    expect(deps.show).toHaveBeenLastCalledWith('u1', true);
    expect(deps.fail).toHaveBeenCalledWith('u1', false, error);
    expect(queue.isPending('u1')).toBe(false);
  });

  it('tells subscribers when an item starts and stops waiting', async () => {
    const { queue, calls } = settingServer();
    const seen: boolean[] = [];
    const stop = queue.subscribe(() => seen.push(queue.isPending('u1')));
    queue.toggle('u1', false);
    calls[0]?.resolve();
    await flush();
    stop();
    queue.toggle('u1', true);
    expect(seen).toEqual([true, false]);
  });
});
