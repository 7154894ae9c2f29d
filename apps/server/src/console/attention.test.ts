import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStreamPath, attentionCounts } from '@saathi/contract';
import { driverForm } from '../../test/auth.js';
import { newPost } from '../../test/feed-factories.js';
import { quickUser } from '../../test/feed-helpers.js';
import { bearer, newUser, nextIp, startTestApp, type TestApp } from '../../test/harness.js';
import { openSse, type SseClient } from '../../test/sse-client.js';

/**
 * The dashboard's counts move live for what drivers and users do, not only for what admins
 * do: a report filed and a driver signing up each reach an open console at once.
 */
describe('attention counts on the admin stream', () => {
  let t: TestApp;
  let stream: SseClient;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = await newUser(t, { usertype: 'admin' });
    stream = await openSse(`${base}${adminStreamPath}`, { cookie: `Token=${admin.token}` });
  });
  afterAll(async () => {
    stream.close();
    await t.close();
  });

  it('counts a new report at once', async () => {
    const before = attentionCounts.parse((await stream.next('counts')).data);
    const author = await quickUser(t);
    const reporter = await quickUser(t);
    const post = await newPost(t, author.user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/report',
      headers: bearer(reporter.token),
      payload: { videoId: post.id, reason: 'Spam' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = attentionCounts.parse((await stream.next('counts')).data);
    expect(after).toEqual({ ...before, openReports: before.openReports + 1 });
  });

  it('counts a driver who signs up and awaits verification', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: nextIp(),
      ...(await driverForm({ number: '9700022201', name: 'New Naresh' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const counts = attentionCounts.parse((await stream.next('counts')).data);
    expect(counts.pendingDrivers).toBe(1);
  });
});
