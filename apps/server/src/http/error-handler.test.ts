import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import { expectError } from '../../test/auth.js';
import { nextIp, startTestApp, type TestApp } from '../../test/harness.js';

/** Hostile and clumsy requests: each must get a clear 4xx in the usual shape, never a 500. */
describe('error answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const send = (opts: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...opts });
  const json = { 'content-type': 'application/json' };

  it.each([
    ['malformed JSON', json, '{"number": "98765'],
    ['an empty JSON body', json, ''],
    ['JSON null', json, 'null'],
    ['a JSON array', json, '[{"number":"9876543210"}]'],
    ['a JSON string', json, '"9876543210"'],
    ['plain text', { 'content-type': 'text/plain' }, 'number=9876543210&password=abcd'],
    ['no body and no content type', {}, undefined],
  ])('sign-in with %s -> 400 invalid_input', async (_label, headers, payload) => {
    for (const url of ['/api/v1/login', '/api/v1/normaluser/register', '/api/v1/password/forgot']) {
      const res = await send({ method: 'POST', url, headers, payload });
      expectError(res, 400, messages.invalid_input, 'invalid_input');
    }
  });

  it('an unknown content type -> 415', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<number>9876543210</number>',
    });
    expectError(res, 415, messages.invalid_input, 'invalid_input');
  });

  it('fields of the wrong type -> 400, never a crash', async () => {
    for (const payload of [
      { number: { $gt: '' }, password: 'abcd' },
      { number: ['9876543210'], password: 'abcd' },
      { number: '9876543210', password: { toString: 'x' } },
      { number: null, password: null },
      { number: true, password: 1234 },
    ]) {
      const res = await send({ method: 'POST', url: '/api/v1/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('a body over the 256 KB limit -> 413', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/normaluser/register',
      payload: { name: 'x'.repeat(300_000), number: '9876543210', password: 'abcd' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, code: 'file_too_large' });
  });

  it('a huge string under the limit -> 400 with the field rule', async () => {
    const res = await send({
      method: 'POST',
      url: '/api/v1/login',
      payload: { number: '9'.repeat(200_000), password: 'abcd' },
    });
    expectError(res, 400, messages.number_invalid, 'number_invalid');
  });

  it.each([
    ['GET', '/api/v1/nothing-here'],
    ['GET', '/api/v1/login'],
    ['DELETE', '/api/v1/me'],
    ['POST', '/api'],
    ['GET', '/no-web-build-so-no-page'],
  ] as const)('%s %s -> 404 route_not_found', async (method, url) => {
    const res = await send({ method, url });
    expectError(res, 404, messages.route_not_found, 'route_not_found');
  });

  it('a broken percent-encoding in a path parameter -> 400 in the usual shape', async () => {
    const res = await send({
      method: 'PUT',
      url: '/api/v1/password/reset/%E0%A4%A',
      payload: { password: 'long-enough', confirmPassword: 'long-enough' },
    });
    expectError(res, 400, messages.invalid_input, 'invalid_input');
  });

  it('a path parameter over the length limit answers without echoing it', async () => {
    const token = 'secret'.repeat(40);
    const res = await send({
      method: 'PUT',
      url: `/api/v1/password/reset/${token}`,
      payload: { password: 'long-enough', confirmPassword: 'long-enough' },
    });
    expectError(res, 414, messages.invalid_input, 'invalid_input');
    expect(res.body).not.toContain(token);
  });

  it('answers health when all is well', async () => {
    const res = await send({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ success: true, database: 'ok', redis: 'off' });
  });

  it('tags every answer with a request id', async () => {
    const res = await send({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
