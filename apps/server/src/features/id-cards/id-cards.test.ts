import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DriverCard } from '@saathi/contract';
import { idCards } from '../../db/schema/index.js';
import { pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  multipart,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { quickUser } from '../../../test/feed-helpers.js';

let t: TestApp;
let driver: TestUser;

const form = (overrides: Record<string, string | undefined> = {}) => {
  const fields: Record<string, string | undefined> = {
    name: 'Ramesh Kumar',
    fatherName: 'Suresh Kumar',
    designation: 'Driver',
    mobile: '9000000002',
    dlNo: 'MH12 20190012345',
    policeStation: 'Hinjewadi',
    city: 'Pune',
    state: 'Maharashtra',
    bloodGroup: 'B+',
    dob: '1988-04-12',
    memberAddress: 'Plot 4, Transport Nagar, Pune',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
};

async function apply(u: TestUser, fields: Record<string, string>, photo = true) {
  const body = await multipart(
    fields,
    photo ? { photo: { data: pngImage(60, 80), filename: 'me.png', type: 'image/png' } } : {},
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/driver-id/apply',
    headers: { ...bearer(u.token), ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await startTestApp();
  driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
});
afterAll(() => t.close());

describe('applying for the driver ID card', () => {
  it('refuses missing fields and a missing photo', async () => {
    const missing = await apply(driver, form({ fatherName: undefined }));
    expect(missing.json()).toMatchObject({
      code: 'card_fields_required',
      message: 'Please fill in every field of the card',
    });
    expect((await apply(driver, form({ dob: '12/04/1988' }))).statusCode).toBe(400);
    expect((await apply(driver, form(), false)).json()).toMatchObject({
      code: 'card_photo_required',
    });
    expect(await t.database.db.select().from(idCards)).toHaveLength(0);
  });

  it('issues one card with a server-assigned number, dates and a verification link', async () => {
    const res = await apply(driver, form({ cardNo: '11111', issueDate: '2020-01-01' }));
    expect(res.statusCode).toBe(200);
    const { card, message } = res.json() as { card: DriverCard; message: string };
    expect(message).toBe('Your ID card has been issued');
    expect(Number(card.cardNo)).toBeGreaterThanOrEqual(10000);
    expect(Number(card.cardNo)).toBeLessThanOrEqual(99999);
    // Card dates are Indian dates (Asia/Kolkata), whatever the server's zone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(card.issueDate).toBe(today);
    expect(card.expiryDate).toBe(`${Number(today.slice(0, 4)) + 1}${today.slice(4)}`);
    expect(card.mobile).toBe('+919000000002');
    expect(card.verifyUrl).toBe(`http://saathi.test/driver-id/${card.cardNo}`);
    expect(
      (await t.app.inject({ method: 'GET', url: card.photoUrl })).headers['content-type'],
    ).toBe('image/jpeg');

    const again = await apply(driver, form({ name: 'Someone Else' }));
    expect(again.json()).toMatchObject({
      message: 'You already have an ID card',
      card: { cardNo: card.cardNo, name: 'Ramesh Kumar' },
    });
  });

  it('gives every one of many simultaneous applicants a different number', async () => {
    const people = await Promise.all(Array.from({ length: 25 }, () => quickUser(t)));
    const results = await Promise.all(people.map((p) => apply(p, form())));
    const numbers = results.map((r) => (r.json() as { card: DriverCard }).card.cardNo);
    expect(new Set(numbers).size).toBe(25);
  });
});

describe('reading a card', () => {
  it("answers only the holder's own card, or any card to an admin", async () => {
    const other = await newUser(t);
    const admin = await newUser(t, { usertype: 'admin' });
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/driver-id/user/${driver.user.id}`,
      headers: bearer(driver.token),
    });
    expect(own.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/driver-id/user/${driver.user.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/driver-id/user/${driver.user.id}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/driver-id/user/${other.user.id}`,
          headers: bearer(other.token),
        })
      ).statusCode,
    ).toBe(404);

    const byMobile = await t.app.inject({
      method: 'GET',
      url: '/api/driver-id/mobile/09000000002',
      headers: bearer(driver.token),
    });
    expect(byMobile.statusCode).toBe(200);
    const spying = await t.app.inject({
      method: 'GET',
      url: '/api/driver-id/mobile/9000000002',
      headers: bearer(other.token),
    });
    expect(spying.statusCode).toBe(403);
    expect(JSON.stringify(spying.json())).not.toContain('Suresh');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/driver-id/user/${driver.user.id}` }))
        .statusCode,
    ).toBe(401);
  });

  it('verifies a card publicly with nothing private in the answer', async () => {
    const { card } = (
      await t.app.inject({
        method: 'GET',
        url: `/api/driver-id/user/${driver.user.id}`,
        headers: bearer(driver.token),
      })
    ).json() as { card: DriverCard };
    const res = await t.app.inject({ method: 'GET', url: `/api/driver-id/verify/${card.cardNo}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { card: Record<string, unknown> };
    expect(Object.keys(body.card).sort()).toEqual([
      'cardNo',
      'designation',
      'expiryDate',
      'name',
      'photoUrl',
      'valid',
    ]);
    expect(body.card).toMatchObject({ name: 'Ramesh Kumar', valid: true });
    for (const secret of ['Suresh', 'Plot 4', '1988-04-12', 'B+', '9000000002', 'MH12']) {
      expect(res.body).not.toContain(secret);
    }
    await t.database.db
      .update(idCards)
      .set({ expiryDate: '2020-01-01' })
      .where(eq(idCards.cardNo, card.cardNo));
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/driver-id/verify/${card.cardNo}` })).json(),
    ).toMatchObject({ card: { valid: false } });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/driver-id/verify/00001' })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/driver-id/verify/abc' })).statusCode,
    ).toBe(400);
  });
});
