import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { newUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addProbe } from '../../test/probe.js';

/**
 * A write the database refuses, with personal values among its parameters: the 500 is logged
 * as an error, and the log line names the failure without any of those values.
 */
describe('a database error in the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA';
  const secrets = ['9811177788', '28.613912', 'Marker-Name-Qx', hash];
  let takenPhone = '';

  beforeAll(async () => {
    t = await startTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
      extend: (app, auth) => {
        // The two shapes of failure: a value the database cannot take (NUL in text, which the
        // contract now refuses before any query) and a constraint that quotes the row.
        addProbe(app, auth, 'POST', '/probe/bad-value', async () => {
          await auth.db.insert(users).values({
            id: randomUUID(),
            name: 'Marker-Name-Qx\u0000',
            phone: '+919811177788',
            passwordHash: hash,
            usertype: 'user',
            verification: 'not_required',
          });
          return { ok: true };
        });
        addProbe(app, auth, 'POST', '/probe/duplicate', async () => {
          await auth.db.insert(users).values({
            id: randomUUID(),
            name: 'Marker-Name-Qx 28.613912',
            phone: takenPhone,
            passwordHash: hash,
            usertype: 'user',
            verification: 'not_required',
          });
          return { ok: true };
        });
      },
    });
    takenPhone = (await newUser(t)).user.phone;
    secrets.push(takenPhone.slice(3));
  });
  afterAll(() => t.close());

  it.each(['/probe/bad-value', '/probe/duplicate'])(
    '%s: 500 for the client, an error line without the query values',
    async (url) => {
      const before = lines.length;
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: 'server_error' });

      const logged = lines.slice(before).join('\n');
      const error = lines
        .slice(before)
        .map((l) => JSON.parse(l) as { msg: string; reqId?: string; err?: Record<string, unknown> })
        .find((e) => e.msg === 'unhandled error');
      // Logged through the request's own logger, made only now (request-logger.ts).
      expect(error?.reqId).toBe(res.headers['x-request-id']);
      // The failure is still there to debug: what kind, which statement.
      expect(error?.err?.message).toMatch(/insert into "users"/);
      expect(error?.err).not.toHaveProperty('params');
      expect(JSON.stringify(error?.err?.cause ?? {})).not.toMatch(/params|detail/);
      for (const secret of secrets) expect(logged, secret).not.toContain(secret);
    },
  );
});
