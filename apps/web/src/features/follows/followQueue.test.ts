// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createFollowQueue } from './followQueue';

function deferred() {
  let resolve: (message: string) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<string>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function setup() {
  const calls: { follow: boolean; answer: ReturnType<typeof deferred> }[] = [];
  const deps = {
    send: vi.fn((_userId: string, follow: boolean) => {
      const answer = deferred();
      calls.push({ follow, answer });
      return answer.promise;
    }),
    show: vi.fn(),
    done: vi.fn(),
    fail: vi.fn(),
  };
  return { queue: createFollowQueue(deps), deps, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('follow queue', () => {
  it('shows the new state at once and sends one request', async () => {
    const { queue, deps, calls } = setup();
    queue.toggle('u1', false);
    expect(deps.show).toHaveBeenLastCalledWith('u1', true);
    expect(queue.isPending('u1')).toBe(true);
    calls[0]?.answer.resolve('Successfully followed user!');
    await flush();
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.done).toHaveBeenCalledWith('u1', true, 'Successfully followed user!');
    expect(queue.isPending('u1')).toBe(false);
  });

  it('never has two requests in flight: fast taps queue behind the first', async () => {
    const { queue, deps, calls } = setup();
    queue.toggle('u1', false);
    queue.toggle('u1', true);
    queue.toggle('u1', false);
    expect(deps.send).toHaveBeenCalledTimes(1);
    calls[0]?.answer.resolve('Successfully followed user!');
    await flush();
    // The last wish (follow) is what the server now holds: nothing more to send.
    expect(deps.send).toHaveBeenCalledTimes(1);
    expect(deps.done).toHaveBeenCalledWith('u1', true, 'Successfully followed user!');
  });

  it('sends the last wish after the first lands when it differs', async () => {
    const { queue, deps, calls } = setup();
    queue.toggle('u1', false);
    queue.toggle('u1', true);
    calls[0]?.answer.resolve('Successfully followed user!');
    await flush();
    expect(calls.map((call) => call.follow)).toEqual([true, false]);
    calls[1]?.answer.resolve('Successfully unfollowed user!');
    await flush();
    expect(deps.done).toHaveBeenCalledTimes(1);
    expect(deps.done).toHaveBeenCalledWith('u1', false, 'Successfully unfollowed user!');
  });

  it('rolls back to the confirmed state on failure', async () => {
    const { queue, deps, calls } = setup();
    queue.toggle('u1', true);
    const error = new Error('offline');
    calls[0]?.answer.reject(error);
    await flush();
    expect(deps.show).toHaveBeenLastCalledWith('u1', true);
    expect(deps.fail).toHaveBeenCalledWith('u1', false, error);
    expect(queue.isPending('u1')).toBe(false);
  });
});
