import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryHub, redisHub, type Hub } from './hub.js';

const redisUrl = process.env.REDIS_URL;

describe('memoryHub', () => {
  it('delivers to listeners until they leave, and is joined at once', async () => {
    const hub = memoryHub();
    const heard: unknown[] = [];
    const subscription = hub.subscribe('c', (event, data) => heard.push([event, data]));
    await subscription.joined;
    await hub.publish('c', 'e', 1);
    subscription.leave();
    await hub.publish('c', 'e', 2);
    expect(heard).toEqual([['e', 1]]);
  });
});

describe.runIf(redisUrl)('redisHub (two processes sharing Redis)', () => {
  const hubs: Hub[] = [];
  const open = async (prefix: string) => {
    // The app's 1 s bound is for a stalled Redis (redis-outage.test.ts); here a loaded machine
    // may take longer than that to connect, which is not what these tests are about.
    const hub = await redisHub(redisUrl ?? '', prefix, { timeoutMs: 10_000 });
    hubs.push(hub);
    return hub;
  };
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
  });

  it('has joined when `joined` settles: a publish from the other process right after arrives', async () => {
    const prefix = `saathi-test-${randomUUID()}:`;
    const publishing = await open(prefix);
    // The publisher's connection is up before the listener's starts, as in a running app
    // where a stream opens on one process while another is busy publishing.
    await publishing.publish('warm-up', 'e', null);
    const listening = await open(prefix);

    const heard: unknown[] = [];
    const subscription = listening.subscribe('user:a', (_event, data) => heard.push(data));
    await subscription.joined;
    await publishing.publish('user:a', 'e', { n: 1 });
    await vi.waitFor(() => expect(heard).toEqual([{ n: 1 }]));
  });

  it('keeps the channel while another listener of the same process stays', async () => {
    const prefix = `saathi-test-${randomUUID()}:`;
    const listening = await open(prefix);
    const publishing = await open(prefix);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const one = listening.subscribe('c', (_event, data) => first.push(data));
    const two = listening.subscribe('c', (_event, data) => second.push(data));
    await Promise.all([one.joined, two.joined]);
    one.leave();
    await publishing.publish('c', 'e', 'still here');
    await vi.waitFor(() => expect(second).toEqual(['still here']));
    expect(first).toEqual([]);
  });
});
