import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@saathi/contract';
import type { Call } from '@saathi/contract';
import {
  bearer,
  multipart,
  newUser,
  nextIp,
  startTestApp,
  type TestApp,
  type TestUser,
} from '../../test/harness.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

interface Operation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

type Where = 'path' | 'query' | 'body' | 'multipart';
interface Field {
  where: Where;
  /** Property names from the top of its part, e.g. ['keys', 'p256dh']. */
  path: string[];
  schema: Schema;
}

interface Route {
  method: string;
  path: string;
  auth: Call['auth'];
  /** Where each part starts, before one field is given a NUL. */
  parts: Partial<Record<Where, Record<string, unknown>>>;
  fields: Field[];
}

/** Values the format of a field needs (the contract checks them by pattern or meaning). */
const knownValues: Record<string, string> = {
  number: '9876543210',
  email: '9876543210',
  phone: '+91 98765 43210',
  helpnumber: '112',
  dob: '1990-01-01',
  expiresOn: '2030-01-01',
  cardNo: '12345',
  lat: '28.6',
  lon: '77.2',
};

const branches = (s: Schema) => s.anyOf ?? s.oneOf;
const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A value the contract accepts for this field, so only the NUL can be what is refused. */
function sample(name: string, s: Schema): unknown {
  const options = branches(s);
  if (options?.[0]) return sample(name, options[0]);
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, inner]) => [key, sample(key, inner)]),
      );
    case 'array':
      return [];
    case 'boolean':
      return false;
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, 0);
    case 'string':
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uri') return 'https://fcm.googleapis.com/fcm/send/abc';
      return knownValues[name] ?? 'Saathi'.padEnd(Math.max(s.minLength ?? 0, 10), 'x');
    default:
      return 'Saathi';
  }
}

/** Free text: a string with no list of values and no format (uuid, email, uri). */
const isFreeText = (s: Schema) =>
  typeOf(s) === 'string' && !s.enum && s.const === undefined && !s.format && !branches(s);
const takesText = (s: Schema): boolean =>
  typeOf(s) === 'string' || (branches(s) ?? []).some(takesText);

/** Every field a text can be written into, nested objects included (a body's first variant). */
function textFields(where: Where, s: Schema, prefix: string[] = []): Field[] {
  const root = branches(s)?.[0] ?? s;
  return Object.entries(root.properties ?? {}).flatMap(([key, inner]) =>
    typeOf(inner) === 'object'
      ? textFields(where, inner, [...prefix, key])
      : takesText(inner)
        ? [{ where, path: [...prefix, key], schema: inner }]
        : [],
  );
}

const withNul = (value: unknown) => {
  const text = typeof value === 'string' && value.length > 0 ? value : 'Saathi';
  return `${text.slice(0, 1)}\u0000${text.slice(1)}`;
};

function setAt(part: Record<string, unknown>, path: string[], value: unknown) {
  const copy = structuredClone(part);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1) ?? ''] = value;
  return copy;
}

/** Every call of the contract, by "METHOD /openapi/{path}". */
const contractCalls = new Map(
  (Object.values(contract) as unknown[])
    .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
    .flatMap((group) => Object.values(group))
    .filter(
      (v): v is Call =>
        typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v,
    )
    .map((call) => [`${call.method} ${call.path.replace(/:(\w+)/g, '{$1}')}`, call]),
);

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([verb, op]) => {
      const method = verb.toUpperCase();
      const call = contractCalls.get(`${method} ${path}`);
      const fields: Field[] = [];
      const parts: Route['parts'] = {};
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        (parts[p.in] ??= {})[p.name] = sample(p.name, p.schema);
        if (takesText(p.schema)) fields.push({ where: p.in, path: [p.name], schema: p.schema });
      }
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) {
        parts.body = sample('body', body) as Record<string, unknown>;
        fields.push(...textFields('body', body));
      }
      // Multipart fields are read by the handler, so the document does not list them.
      if (call?.multipart) {
        const schema = z.toJSONSchema(call.multipart.fields, {
          io: 'input',
          unrepresentable: 'any',
        }) as Schema;
        parts.multipart = sample('fields', schema) as Record<string, unknown>;
        fields.push(...textFields('multipart', schema));
      }
      const auth = call?.auth ?? (path.startsWith('/api/v1/admin') ? 'admin' : 'user');
      return { method, path, auth, parts, fields };
    }),
  );
}

describe('a control character in any text a route takes', () => {
  let t: TestApp;
  let routes: Route[];
  let driver: TestUser;
  let admin: TestUser;
  let vaultToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    routes = routesOf(t.app.swagger() as unknown as Parameters<typeof routesOf>[0]);
    driver = await newUser(t, { usertype: 'driver', verification: 'verified' });
    admin = await newUser(t, { usertype: 'admin' });
    // The vault reads its fields only once unlocked.
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/verify-password',
      headers: bearer(driver.token),
      payload: { password: driver.password },
    });
    vaultToken = (unlock.json() as { vaultToken: string }).vaultToken;
  });
  afterAll(() => t.close());

  async function send(route: Route, parts: Route['parts']) {
    const account = route.auth === 'admin' ? admin : driver;
    const url =
      route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        encodeURIComponent(String(parts.path?.[name])),
      ) +
      (parts.query
        ? `?${new URLSearchParams(Object.entries(parts.query).map(([k, v]) => [k, String(v)]))}`
        : '');
    const headers = { ...bearer(account.token), 'x-vault-token': vaultToken };
    const form =
      parts.multipart &&
      (await multipart(
        Object.fromEntries(Object.entries(parts.multipart).map(([k, v]) => [k, String(v)])),
      ));
    return t.app.inject({
      method: route.method as 'GET',
      url,
      remoteAddress: nextIp(),
      headers: form ? { ...headers, ...form.headers } : headers,
      ...(form ? { payload: form.payload } : parts.body ? { payload: parts.body } : {}),
    });
  }

  it('finds the texts of every kind of route (so the walk cannot pass on an empty list)', () => {
    const names = routes.flatMap((r) =>
      r.fields.map((f) => `${r.method} ${r.path} ${f.where}:${f.path.join('.')}`),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/v1/video/{videoId}/comment body:comment',
        'POST /api/v1/video/report body:reason',
        'POST /api/v1/request body:location',
        'PUT /api/v1/me/profile multipart:name',
        'POST /api/v1/video/new multipart:caption',
        'POST /api/v1/update/location body:driverId',
        'POST /api/v1/admin/users/{userId}/block body:reason',
        'GET /api/driver-id/mobile/{mobile} path:mobile',
        'GET /api/v1/admin/audit query:targetId',
        'POST /api/v1/push/subscribe body:keys.p256dh',
      ]),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  it('is refused with 400 and the contract message, never a 500, in every body, path, query and form', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      for (const field of route.fields) {
        const part = route.parts[field.where] ?? {};
        const res = await send(route, {
          ...route.parts,
          [field.where]: setAt(
            part,
            field.path,
            withNul(sample(field.path.at(-1) ?? '', field.schema)),
          ),
        });
        const code = res.body ? (res.json() as { code?: string }).code : undefined;
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        // A resumable upload's URL names it (tus 1.0): an id that is no upload id is not
        // found, as the protocol has it, before any text rule is read.
        const tusId = route.path.startsWith(`${contract.uploadsPath}/`) && field.where === 'path';
        const named =
          !isFreeText(field.schema) ||
          code === 'text_characters_invalid' ||
          (tusId && res.statusCode === 404);
        if (!refused || !named) {
          wrong.push(
            `${route.method} ${route.path} ${field.where}:${field.path.join('.')} -> ${res.statusCode} ${code}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is refused in an uploaded file’s name', async () => {
    const form = await multipart(
      { documentType: 'Other', documentName: 'Insurance' },
      {
        document: {
          data: Buffer.from('%PDF-1.4\n%%EOF\n'),
          filename: 'a\u0001b.pdf',
          type: 'application/pdf',
        },
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/personal-documents/add',
      headers: { ...bearer(driver.token), 'x-vault-token': vaultToken, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'text_characters_invalid' });
  });

  it('keeps line breaks and tabs where text has lines, and refuses them in a single line', async () => {
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/request',
      headers: bearer(driver.token),
      payload: { location: 'Ring Road\nDelhi', source: 'help' },
    });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ code: 'text_characters_invalid' });
    const parsed = contract.newCommentBody.safeParse({ comment: 'Line one\r\n\tLine two' });
    expect(parsed.success && parsed.data.comment).toBe('Line one\n\tLine two');
    expect(contract.isCleanText('half \ud83d pair')).toBe(false);
    expect(contract.isCleanText('whole 🚚 pair')).toBe(true);
  });
});
