import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationStreamPath, voiceStreamPath } from '@saathi/contract';
import { newPost } from '../../../test/feed-factories.js';
import {
  bearer,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { openSse } from '../../../test/sse-client.js';

const cookie = (token: string) => ({ cookie: `Token=${token}` });

/** Issue #7: a block takes effect at once, on the live streams a phone holds open too. */
describe('blocking ends the account live streams', () => {
  let t: TestApp;
  let origin: string;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
    admin = await newUser(t, { usertype: 'admin', name: 'Asha Admin' });
  });
  afterAll(() => t.close());

  it('by the users console and by remove-and-block: the blocked streams end, others go on', async () => {
    const first = await newUser(t, { name: 'Streaming Sunil' });
    const second = await newUser(t, { name: 'Streaming Salma' });
    const bystander = await newUser(t, { name: 'Bystander Bina' });
    const notifications = await openSse(`${origin}${notificationStreamPath}`, cookie(first.token));
    const voice = await openSse(`${origin}${voiceStreamPath}`, cookie(first.token));
    const theirs = await openSse(`${origin}${notificationStreamPath}`, cookie(second.token));
    const other = await openSse(`${origin}${notificationStreamPath}`, cookie(bystander.token));
    await notifications.next('count');
    await theirs.next('count');
    await other.next('count');

    const block = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${first.user.id}/block`,
      headers: bearer(admin.token),
      payload: { reason: 'Threats in comments' },
    });
    expect(block.statusCode, block.body).toBe(200);
    await notifications.next('account_blocked');
    await voice.next('account_blocked');
    await notifications.ended;
    await voice.ended;

    const { id: postId } = await newPost(t, second.user.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/report',
      headers: bearer(bystander.token),
      payload: { videoId: postId, reason: 'Abuse' },
    });
    const removal = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/reports/${postId}/remove-and-block`,
      headers: bearer(admin.token),
      payload: { reason: 'Abusive video' },
    });
    expect(removal.statusCode, removal.body).toBe(200);
    await theirs.next('account_blocked');
    await theirs.ended;

    // The reporter's stream carries on: it is told the outcome, and nothing about blocks.
    await other.next('notification');
    expect(other.seen.map((e) => e.event)).not.toContain('account_blocked');
    other.close();
  });
});
