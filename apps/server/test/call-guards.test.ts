import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@saathi/contract';
import { callPath, messages, type Call } from '@saathi/contract';
import { bearer, newUser, startTestApp, type TestApp, type TestUser } from './harness.js';

/** Every call of the contract by its key (`post.feed`), read from the exports, never listed. */
const calls: { id: string; call: Call }[] = Object.entries(contract).flatMap(([name, group]) =>
  name.endsWith('Calls') && typeof group === 'object' && group !== null
    ? Object.entries(group as Record<string, unknown>)
        .filter((entry): entry is [string, Call] => {
          const value = entry[1];
          return typeof value === 'object' && value !== null && 'method' in value;
        })
        .map(([key, call]) => ({ id: `${name.slice(0, -'Calls'.length)}.${key}`, call }))
    : [],
);

/**
 * The calls anyone may make. Written out so that a call turned public (or a guard dropped from
 * the contract) fails here until someone decides it on purpose.
 */
const openCalls = [
  'app.publicConfig',
  'auth.driverLogin',
  'auth.driverRegister',
  'auth.forgotPassword',
  'auth.resetPassword',
  'auth.userLogin',
  'auth.userRegister',
  'comment.list',
  'directory.safety',
  'follow.stats',
  'health.health',
  'idCard.verify',
  'notification.pushKey',
  'post.feed',
  'post.get',
  'site.firstPage',
  'site.media',
  'site.mediaHead',
  'site.webFile',
];

/** Made only when a web build is there to serve (the tests run without one). */
const needsWebBuild = new Set(['site.firstPage', 'site.webFile']);

const signedIn = calls.filter(({ call }) => call.auth === 'user' || call.auth === 'admin');
const adminOnly = calls.filter(({ call }) => call.auth === 'admin');

/** Path values to try: the first one a schema takes fills a well-formed URL, the first it refuses a malformed one. */
const segmentValues = () => [randomUUID(), 'not-an-id', '9876543210', 'x'.repeat(300)];
/** Query values, for the same search: a wrong type, a negative, an endless text. */
const queryValues = ['not-a-number', '-5', 'x'.repeat(3000)];

const paramNames = (call: Call) => [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

function paramsWith(call: Call, value: string): Record<string, string> {
  return Object.fromEntries(paramNames(call).map((name) => [name, value]));
}

const accepts = (schema: z.ZodType | undefined, value: unknown) =>
  !schema || schema.safeParse(value).success;

/** Path values the call's schema takes, when there is one (else a malformed path is all we can send). */
function goodParams(call: Call): Record<string, string> | undefined {
  return segmentValues()
    .map((value) => paramsWith(call, value))
    .find((params) => accepts(call.params, params));
}

interface Malformed {
  what: string;
  url: string;
  payload?: unknown;
}

/**
 * One request per part the call reads (path, query, JSON body) that its own schema refuses,
 * the other parts well-formed: found by asking the schema, so a part whose every value is
 * good (a free text path segment) is not tried.
 */
function malformedRequests(call: Call): Malformed[] {
  const good = goodParams(call) ?? paramsWith(call, randomUUID());
  const url = callPath(call.path, good);
  const out: Malformed[] = [];
  // A wildcard (public media) takes any path: nothing to refuse there.
  if (call.params && paramNames(call).length > 0) {
    const bad = segmentValues()
      .map((value) => paramsWith(call, value))
      .find((params) => !accepts(call.params, params));
    if (bad) out.push({ what: 'path', url: callPath(call.path, bad) });
  }
  if (call.query) {
    if (!accepts(call.query, {})) out.push({ what: 'query (missing)', url });
    const shape = call.query instanceof z.ZodObject ? Object.keys(call.query.shape) : [];
    const bad = shape
      .flatMap((key) => queryValues.map((value) => ({ [key]: value })))
      .find((query) => !accepts(call.query, query));
    if (bad) out.push({ what: 'query', url: `${url}?${new URLSearchParams(bad).toString()}` });
  }
  // A list where an object belongs (a multipart call's JSON form included).
  if (call.body && !accepts(call.body, [1])) {
    out.push({ what: 'body', url, payload: [1] });
  }
  return out;
}

describe('every contract call: its guard and its input checks (generated from the contract)', () => {
  let t: TestApp;
  let normal: TestUser;
  let driver: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    normal = await newUser(t, { usertype: 'user' });
    driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
    admin = await newUser(t, { usertype: 'admin' });
  });
  afterAll(() => t.close());

  const send = (
    call: Call,
    url: string,
    headers: Record<string, string> = {},
    payload: unknown = call.method === 'GET' || call.method === 'HEAD' ? undefined : {},
  ) =>
    t.app.inject({
      method: call.method,
      url,
      ...(payload === undefined
        ? { headers }
        : {
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          }),
    });

  /** A HEAD answer has no body to read the code from. */
  const bodyOf = (call: Call, res: { body: string }) =>
    call.method === 'HEAD' ? undefined : (JSON.parse(res.body) as Record<string, unknown>);

  it('walks every call, and each is a route of the app', () => {
    expect(calls.length).toBeGreaterThan(100);
    for (const { id, call } of calls) {
      if (needsWebBuild.has(id)) continue;
      expect(t.app.hasRoute({ method: call.method, url: call.path }), id).toBe(true);
    }
  });

  it('lets only the listed calls go without a session', () => {
    const open = calls.filter(({ call }) => call.auth === 'public' || call.auth === 'optional');
    expect(open.map(({ id }) => id).sort()).toEqual([...openCalls].sort());
  });

  it('answers 401 without a session to every signed-in call', async () => {
    expect(signedIn.length).toBeGreaterThan(80);
    for (const { id, call } of signedIn) {
      const res = await send(call, callPath(call.path, paramsWith(call, randomUUID())));
      expect(res.statusCode, id).toBe(401);
      if (call.method !== 'HEAD') {
        expect(bodyOf(call, res), id).toMatchObject({ success: false, code: 'not_signed_in' });
      }
    }
  });

  it('answers 403 to a normal user and to a driver on every admin call', async () => {
    expect(adminOnly.length).toBeGreaterThan(25);
    for (const account of [normal, driver]) {
      for (const { id, call } of adminOnly) {
        const url = callPath(call.path, goodParams(call) ?? paramsWith(call, randomUUID()));
        const res = await send(call, url, bearer(account.token));
        expect(res.statusCode, `${account.user.usertype}: ${id}`).toBe(403);
        expect(bodyOf(call, res), id).toMatchObject({
          success: false,
          message: messages.forbidden,
        });
      }
    }
  });

  it('answers 400 with a message code, never 500, to input its schema refuses', async () => {
    const tried: string[] = [];
    const wrong: string[] = [];
    for (const { id, call } of calls) {
      const account = call.auth === 'admin' ? admin : driver;
      const headers = call.auth === 'public' ? {} : bearer(account.token);
      for (const bad of malformedRequests(call)) {
        const res = await send(call, bad.url, headers, bad.payload);
        const code = bodyOf(call, res)?.code;
        const coded = call.method === 'HEAD' || (typeof code === 'string' && code in messages);
        if (res.statusCode !== 400 || !coded) {
          wrong.push(`${id} (${bad.what}): ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
        tried.push(id);
      }
    }
    expect(wrong).toEqual([]);
    // Every call that reads a body is tried, so the walk cannot pass on an empty list.
    const reading = calls.filter(({ call }) => call.body).map(({ id }) => id);
    expect(reading.length).toBeGreaterThan(30);
    expect(new Set(tried).size).toBeGreaterThan(60);
    expect(tried).toEqual(expect.arrayContaining(reading));
  });
});
