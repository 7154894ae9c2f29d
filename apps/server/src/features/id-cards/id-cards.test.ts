import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, rateLimits, type DriverCard } from '@saathi/contract';
import { idCards, users } from '../../db/schema/index.js';
import { pngImage } from '../../../test/fixtures.js';
import {
  bearer,
  filesUnder,
  multipart,
  newUser,
  nextIp,
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

async function apply(u: TestUser, fields: Record<string, string>, photo = true, ip = nextIp()) {
  const body = await multipart(
    fields,
    photo ? { photo: { data: pngImage(60, 80), filename: 'me.png', type: 'image/png' } } : {},
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/driver-id/apply',
    headers: { ...bearer(u.token), ...body.headers },
    payload: body.payload,
    remoteAddress: ip,
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
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'card_father_name_invalid',
      message: "Please enter the father's name (at most 60 characters)",
    });
    expect((await apply(driver, form(), false)).json()).toMatchObject({
      code: 'card_photo_required',
    });
    expect(await t.database.db.select().from(idCards)).toHaveLength(0);
  });

  it('names the field that is wrong: blood group, date of birth, a too long text', async () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const cases: [Record<string, string | undefined>, keyof typeof messages][] = [
      [{ bloodGroup: undefined }, 'card_blood_group_invalid'],
      [{ bloodGroup: 'B positive' }, 'card_blood_group_invalid'],
      [{ dob: undefined }, 'card_dob_invalid'],
      [{ dob: '12/04/1988' }, 'card_dob_invalid'],
      [{ dob: '1988-02-30' }, 'card_dob_invalid'],
      [{ dob: '1899-12-31' }, 'card_dob_invalid'],
      [{ dob: tomorrow }, 'card_dob_invalid'],
      [{ dlNo: 'D'.repeat(31) }, 'card_dl_no_invalid'],
      [{ designation: ' ' }, 'card_designation_invalid'],
      [{ memberAddress: undefined }, 'card_address_invalid'],
    ];
    for (const [fields, code] of cases) {
      const res = await apply(driver, form(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ code, message: messages[code] });
    }
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
    const people = await Promise.all(
      Array.from({ length: 25 }, () =>
        quickUser(t, { usertype: 'driver', verification: 'verified' }),
      ),
    );
    const results = await Promise.all(people.map((p) => apply(p, form())));
    const numbers = results.map((r) => (r.json() as { card: DriverCard }).card.cardNo);
    expect(new Set(numbers).size).toBe(25);
  });
});

describe('who may have a card', () => {
  it.each([
    ['a user', { usertype: 'user', verification: 'not_required' }, 'card_drivers_only'],
    [
      'an admin who never drove',
      { usertype: 'admin', verification: 'not_required' },
      'card_drivers_only',
    ],
    [
      'a driver awaiting checks',
      { usertype: 'driver', verification: 'pending' },
      'card_driver_unverified',
    ],
    [
      'a rejected driver',
      { usertype: 'driver', verification: 'rejected' },
      'card_driver_unverified',
    ],
  ] as const)('refuses %s with 403 and says why', async (_who, kind, code) => {
    const applicant = await newUser(t, kind);
    const files = await filesUnder(t.dataDir);
    const res = await apply(applicant, form());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code, message: messages[code] });
    expect(
      await t.database.db.select().from(idCards).where(eq(idCards.userId, applicant.user.id)),
    ).toHaveLength(0);
    expect(await filesUnder(t.dataDir)).toEqual(files);
  });

  it('gives a verified driver promoted to admin a card', async () => {
    const admin = await newUser(t, { usertype: 'admin', verification: 'verified' });
    expect((await apply(admin, form())).statusCode).toBe(200);
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
    // Someone else's card answers exactly as no card: a lookup cannot tell that one exists.
    const notFound = { success: false, code: 'card_not_found', message: messages.card_not_found };
    const othersCard = await t.app.inject({
      method: 'GET',
      url: `/api/driver-id/user/${driver.user.id}`,
      headers: bearer(other.token),
    });
    expect(othersCard.statusCode).toBe(404);
    expect(othersCard.json()).toEqual(notFound);
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
    const nobody = await t.app.inject({
      method: 'GET',
      url: '/api/driver-id/mobile/9000000009',
      headers: bearer(other.token),
    });
    for (const res of [spying, nobody]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
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

  it('vouches only for a verified driver whose account stands', async () => {
    const holder = await newUser(t, { usertype: 'driver', verification: 'verified' });
    const { card } = (await apply(holder, form())).json() as { card: DriverCard };
    const check = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/driver-id/verify/${card.cardNo}`,
        remoteAddress: nextIp(),
      });
    expect((await check()).statusCode).toBe(200);
    const holderIs = (fields: Partial<typeof users.$inferInsert>) =>
      t.database.db.update(users).set(fields).where(eq(users.id, holder.user.id));
    await holderIs({ verification: 'rejected' });
    expect((await check()).json()).toMatchObject({ code: 'card_not_found' });
    await holderIs({ verification: 'verified', blockedAt: new Date() });
    expect((await check()).statusCode).toBe(404);
    await holderIs({ blockedAt: null });
    expect((await check()).statusCode).toBe(200);
  });

  it(`allows ${rateLimits.cardChecksPerIp} card checks per IP`, async () => {
    const ip = nextIp();
    const check = (cardNo: string, remoteAddress = ip) =>
      t.app.inject({ method: 'GET', url: `/api/driver-id/verify/${cardNo}`, remoteAddress });
    for (let i = 0; i < rateLimits.cardChecksPerIp; i++) {
      expect((await check(String(10000 + i))).statusCode, `check ${i + 1}`).not.toBe(429);
    }
    const refused = await check('10001');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'card_checks_too_many',
      message: messages.card_checks_too_many,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('10001', nextIp())).statusCode).not.toBe(429);
  });
});
