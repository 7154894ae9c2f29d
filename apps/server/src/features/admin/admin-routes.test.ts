import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@saathi/contract';
import {
  bearer,
  newUser,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const methods: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The spec's delete-post path sits under /admin but its authors call it for their own posts
 * (feed/delete-post.test.ts proves nobody else's post can be removed). Signed-in only here.
 */
const authorRoutes = new Set(['DELETE /api/v1/admin/product/{videoId}']);

/**
 * Every route under /api/v1/admin, read from the OpenAPI document, so a route added later
 * (by any feature) is walked without anyone listing it here.
 */
describe('every admin route refuses everyone but admins', () => {
  let t: TestApp;
  let routes: { method: Method; url: string; signature: string }[];
  let normal: TestUser;
  let driver: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    const doc = t.app.swagger() as unknown as OpenApi;
    routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin'))
      .flatMap(([path, operations]) =>
        methods
          .filter((m) => m.toLowerCase() in operations)
          .map((method) => ({
            method,
            signature: `${method} ${path}`,
            // Any well-formed id: the guard must answer before anything is looked up.
            url: path.replace(/\{[^}]+\}/g, () => randomUUID()),
          })),
      );
    normal = await newUser(t, { usertype: 'user' });
    driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
    admin = await newUser(t, { usertype: 'admin' });
  });
  afterAll(() => t.close());

  const call = (route: { method: Method; url: string }, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method,
      url: route.url,
      headers,
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });

  it('finds the admin routes (so the walk cannot pass on an empty list)', () => {
    const paths = routes.map((r) => `${r.method} ${r.url.replace(/[0-9a-f-]{36}/g, ':id')}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/v1/admin/dashboard',
        'GET /api/v1/admin/stream',
        'GET /api/v1/admin/audit',
        'GET /api/v1/admin/users',
        'GET /api/v1/admin/users/:id',
        'GET /api/v1/admin/users/:id/documents/:id',
        'POST /api/v1/admin/users/:id/verification',
        'POST /api/v1/admin/users/:id/block',
        'POST /api/v1/admin/users/:id/unblock',
        'POST /api/v1/admin/users/:id/promote',
        'POST /api/v1/admin/users/:id/demote',
        'POST /api/v1/admin/admins',
      ]),
    );
    expect(routes.length).toBeGreaterThanOrEqual(13);
  });

  it('answers 401 without a token', async () => {
    for (const route of routes) {
      const res = await call(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'not_signed_in' });
    }
  });

  it('answers 403 to a normal user and to a driver', async () => {
    for (const account of [normal, driver]) {
      for (const route of routes.filter((r) => !authorRoutes.has(r.signature))) {
        const res = await call(route, bearer(account.token));
        expect(res.statusCode, `${account.user.usertype}: ${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, message: messages.forbidden });
      }
    }
  });

  it('lets an admin through (the same token shape works)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/dashboard',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
  });
});
