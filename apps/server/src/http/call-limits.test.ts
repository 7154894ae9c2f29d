import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountCalls,
  authCalls,
  defineCall,
  idCardCalls,
  messages,
  photoRule,
  type LimitRule,
} from '@saathi/contract';
import { expectError } from '../../test/auth.js';
import {
  bearer,
  newPhone,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
} from '../../test/harness.js';
import { checkLimits } from './call-limits.js';

/** The declared rule's code, and a Retry-After within its window. */
function expectRefused(res: LightMyRequestResponse, rule: LimitRule) {
  expectError(res, 429, messages[rule.code], rule.code);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(rule.windowSeconds);
}

describe('rate limits a contract call declares', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('per IP: the public card check counts each address on its own', async () => {
    const [rule] = idCardCalls.verify.limits;
    const check = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/driver-id/verify/12345', remoteAddress: ip });
    const ip = nextIp();
    for (let i = 0; i < rule.max; i++) expect((await check(ip)).statusCode).toBe(404);
    expectRefused(await check(ip), rule);
    expect((await check(nextIp())).statusCode).toBe(404);
  });

  it('per user: deletion counts the caller, wherever they send from', async () => {
    const [rule] = accountCalls.requestDeletion.limits;
    const owner = await newUser(t);
    const remove = (token: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: accountCalls.requestDeletion.path,
        headers: bearer(token),
        payload: { password },
        remoteAddress: nextIp(),
      });
    for (let i = 0; i < rule.max; i++) {
      expect((await remove(owner.token, 'wrong-guess')).statusCode).toBe(403);
    }
    // Refused before the password is checked, even the right one.
    expectRefused(await remove(owner.token, owner.password), rule);
    const other = await newUser(t);
    expect((await remove(other.token, 'wrong-guess')).statusCode).toBe(403);
  });

  it('per body value: a reset per number counts every way of writing it', async () => {
    const [, perNumber] = authCalls.forgotPassword.limits;
    const number = newPhone();
    const forgot = (email: string, ip = nextIp()) =>
      t.app.inject({
        method: 'POST',
        url: authCalls.forgotPassword.path,
        payload: { email },
        remoteAddress: ip,
      });
    const ten = number.slice(3);
    const forms = [number, `0${ten}`, `91${ten}`, ten];
    for (let i = 0; i < perNumber.max; i++)
      expect((await forgot(forms[i] ?? ten)).statusCode).toBe(200);
    expectRefused(await forgot(ten), perNumber);
    expect((await forgot(newPhone())).statusCode).toBe(200);
  });

  it('stops at the first rule refused: the later ones are not counted', async () => {
    const [perIp, perNumber] = authCalls.forgotPassword.limits;
    const ip = nextIp();
    const forgot = (email: string, from: string) =>
      t.app.inject({
        method: 'POST',
        url: authCalls.forgotPassword.path,
        payload: { email },
        remoteAddress: from,
      });
    for (let i = 0; i < perIp.max; i++) await forgot(newPhone(), ip);
    const number = newPhone();
    for (let i = 0; i < 3; i++) expectRefused(await forgot(number, ip), perIp);
    for (let i = 0; i < perNumber.max; i++) {
      expect((await forgot(number, nextIp())).statusCode).toBe(200);
    }
  });
});

describe('checkLimits', () => {
  const rule = { counter: 'probe', max: 1, windowSeconds: 60, code: 'too_many_attempts' } as const;
  const base = {
    method: 'POST',
    path: '/probe',
    summary: 'probe',
    response: z.object({}),
  } as const;

  it('takes each kind of key where it can count', () => {
    const body = z.object({ number: z.string() });
    expect(() =>
      checkLimits(
        defineCall({
          ...base,
          auth: 'user',
          body,
          limits: [
            { ...rule, per: 'ip' },
            { ...rule, per: 'user' },
            { ...rule, per: { body: 'number' } },
          ],
        }),
      ),
    ).not.toThrow();
  });

  it('refuses per user on a call anyone may make', () => {
    const call = defineCall({ ...base, auth: 'optional', limits: [{ ...rule, per: 'user' }] });
    expect(() => checkLimits(call)).toThrow(/per user needs a signed-in call/);
  });

  it('refuses a body field that may be missing, or a body not read yet', () => {
    const per = { body: 'number' };
    const optional = z.object({ number: z.string().optional() });
    const absent = z.object({ other: z.string() });
    for (const body of [optional, absent]) {
      const call = defineCall({ ...base, auth: 'public', body, limits: [{ ...rule, per }] });
      expect(() => checkLimits(call)).toThrow(/body field 'number' must be required/);
    }
    const multipart = defineCall({
      ...base,
      auth: 'public',
      body: z.object({ number: z.string() }),
      multipart: { fields: z.object({}), files: { photo: photoRule('photo_type') } },
      limits: [{ ...rule, per }],
    });
    expect(() => checkLimits(multipart)).toThrow(/must be required/);
  });
});
