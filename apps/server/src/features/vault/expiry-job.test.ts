import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { notifications, personalDocuments } from '../../db/schema/index.js';
import { bossQueue } from '../../jobs/queue.js';
import { newUser, startTestApp, type TestApp } from '../../../test/harness.js';
import { createNotificationService } from '../notifications/index.js';
import { vaultHousekeeping } from './expiry-job.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

it('tells the owner once about a document that expires within 30 days, and not about later ones', async () => {
  const owner = await newUser(t, { usertype: 'driver', verification: 'verified' });
  const doc = (name: string, expiresOn: string | null) => ({
    id: randomUUID(),
    userId: owner.user.id,
    documentType: 'Driving License' as const,
    documentName: name,
    storageKey: `private/vault/${owner.user.id}/${randomUUID()}`,
    mime: 'application/pdf',
    bytes: 10,
    originalName: `${name}.pdf`,
    expiresOn,
  });
  await t.database.db
    .insert(personalDocuments)
    .values([doc('Licence', inDays(12)), doc('Insurance', inDays(90)), doc('Aadhar', null)]);
  const notifier = createNotificationService({
    db: t.database.db,
    hub: t.hub,
    jobs: bossQueue(t.jobs.boss),
    log: pino({ level: 'silent' }),
  });

  await vaultHousekeeping({ db: t.database.db, notifier });
  await vaultHousekeeping({ db: t.database.db, notifier });

  const sent = await t.database.db.select().from(notifications);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ userId: owner.user.id, kind: 'document_expiring' });
  expect(sent[0]?.text).toBe(`Licence (Driving License): ${inDays(12)}`);
});
