import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import { authResponse, defineCall, type AuthResponse, type ErrorResponse } from '@saathi/contract';
import type { AuthDeps } from '../src/auth/authenticate.js';
import { registerCall } from '../src/http/register-call.js';
import { pngImage } from './fixtures.js';
import { multipart } from './harness.js';

export type UploadFile = { data: Buffer; filename: string; type: string };

export const png = (data: Buffer = pngImage()): UploadFile => ({
  data,
  filename: 'photo.png',
  type: 'image/png',
});

/** A complete driver sign-up form; override or drop (undefined) any field or file. */
export function driverForm(
  fields: Record<string, string | undefined> = {},
  files: Record<string, UploadFile | undefined> = {},
) {
  const allFields: Record<string, string | undefined> = {
    name: 'Ravi Kumar',
    number: '9876543210',
    password: 'chai-1234',
    ...fields,
  };
  const allFiles: Record<string, UploadFile | undefined> = {
    aadharFile: png(pngImage(4, 4)),
    aadharFileBack: png(pngImage(5, 5)),
    DrivingLicense: png(pngImage(6, 6)),
    ...files,
  };
  const defined = <V>(record: Record<string, V | undefined>) =>
    Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Record<
      string,
      V
    >;
  return multipart(defined(allFields), defined(allFiles));
}

const selfUserKeys = [
  '_id',
  'block',
  'createdAt',
  'deletionDueAt',
  'name',
  'number',
  'profileImage',
  'remindSalah',
  'showNumber',
  'usertype',
  'verification',
  'verificationNote',
].sort();

/**
 * A sign-in or sign-up answer: exactly success, Token, message, its code and user, the user
 * exactly the SelfUser fields (nothing like a password hash rides along), valid per the contract.
 */
export function expectAuthBody(res: LightMyRequestResponse, status = 200): AuthResponse {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['Token', 'code', 'message', 'success', 'user']);
  expect(Object.keys(body.user as object).sort()).toEqual(selfUserKeys);
  expect(Object.keys((body.user as { block: object }).block).sort()).toEqual([
    'blockedAt',
    'reason',
    'status',
  ]);
  expect(res.body).not.toMatch(/argon2|password/i);
  return authResponse.parse(body);
}

/** A refusal: the status, and a body of exactly success:false, message and code (plus extras). */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  message: string,
  code?: string,
): ErrorResponse & Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json() as ErrorResponse & Record<string, unknown>;
  expect(body.success).toBe(false);
  expect(body.message).toBe(message);
  expect(typeof body.code).toBe('string');
  if (code) expect(body.code).toBe(code);
  return body;
}

/** Calls that exist only in tests, to prove the guards every signed-in route goes through. */
export const probeCalls = {
  user: defineCall({
    method: 'GET',
    path: '/api/v1/test/signed-in',
    summary: 'Probe behind the signed-in guard',
    auth: 'user',
    response: z.object({ success: z.literal(true), userId: z.string() }),
  }),
  admin: defineCall({
    method: 'GET',
    path: '/api/v1/test/admin',
    summary: 'Probe behind the admin guard',
    auth: 'admin',
    response: z.object({ success: z.literal(true), userId: z.string() }),
  }),
};

export function addProbes(app: FastifyInstance, auth: AuthDeps): void {
  for (const call of Object.values(probeCalls)) {
    registerCall(app, auth, call, async ({ viewer }) => ({
      success: true as const,
      userId: viewer.user.id,
    }));
  }
}
