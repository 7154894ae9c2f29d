import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPhone, messages, normalizeIndianMobile } from '@saathi/contract';
import { expectAuthBody, expectError } from '../../../test/auth.js';
import { nextIp, startTestApp, type TestApp } from '../../../test/harness.js';

const forms = ['+91 98765 43210', '09876543210', '919876543210', '98765-43210', '9876543210'];

describe('normalizeIndianMobile', () => {
  it.each([...forms, '0091 98765 43210', '(+91) 98765.43210', '+91-98765-43210'])(
    '%s -> +919876543210',
    (input) => {
      expect(normalizeIndianMobile(input)).toBe('+919876543210');
    },
  );

  it.each([
    '12345',
    '5876543210',
    '+91 58765 43210',
    'ninetyeight',
    '98765432101',
    '987654321',
    '+1 98765 43210',
    '',
    '9876543210x',
  ])('%s is not an Indian mobile number', (input) => {
    expect(normalizeIndianMobile(input)).toBeNull();
  });

  it('masks all but the last four digits for logs', () => {
    expect(maskPhone('+919876543210')).toBe('*********3210');
  });
});

describe('phone numbers through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });

  it('signs up with one form and signs in with every other form', async () => {
    const signedUp = expectAuthBody(
      await post('/api/v1/normaluser/register', {
        name: 'Deepak',
        number: '+91 98765 43210',
        password: 'abcd',
      }),
    );
    expect(signedUp.user.number).toBe('+919876543210');
    for (const number of forms) {
      const res = await post('/api/v1/normaluser/login', { number, password: 'abcd' });
      expect(expectAuthBody(res).user._id).toBe(signedUp.user._id);
    }
  });

  it.each(forms)('refuses a second sign-up written as %s with 409', async (number) => {
    const res = await post('/api/v1/normaluser/register', {
      name: 'Someone Else',
      number,
      password: 'efgh',
    });
    expectError(res, 409, messages.number_taken, 'number_taken');
  });

  it.each(['12345', '5876543210', 'abcdefghij', '+44 7911 123456'])(
    'refuses %s as a number with the contract message',
    async (number) => {
      for (const [url, body] of [
        ['/api/v1/normaluser/register', { name: 'Test', number, password: 'abcd' }],
        ['/api/v1/login', { number, password: 'abcd' }],
        ['/api/v1/password/forgot', { email: number }],
      ] as const) {
        expectError(await post(url, body), 400, messages.number_invalid, 'number_invalid');
      }
    },
  );
});
