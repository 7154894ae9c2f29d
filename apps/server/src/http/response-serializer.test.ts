import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  authCalls,
  commentCalls,
  followCalls,
  notificationCalls,
  postCalls,
  profileCalls,
} from '@saathi/contract';
import {
  loadFastJson,
  outputJsonSchema,
  responseSerializerCompiler,
} from './response-serializer.js';

const self = {
  _id: '5d0c6f1e-8a3b-4c2d-9e1f-0a1b2c3d4e5f',
  name: 'Ravi',
  number: '+919800000001',
  usertype: 'driver',
  profileImage: { url: '/media/p.jpg' },
  createdAt: '2026-01-01T00:00:00.000Z',
  remindSalah: 'off',
  showNumber: false,
  verification: 'verified',
  block: { status: 'false', blockedAt: null, reason: null },
};

describe('precompiled response serializers', () => {
  beforeAll(async () => {
    await loadFastJson();
  });

  it('precompiles the hot calls’ answers', () => {
    for (const call of [
      authCalls.me,
      postCalls.feed,
      postCalls.toggleLike,
      commentCalls.list,
      commentCalls.add,
      profileCalls.get,
      followCalls.follow,
      notificationCalls.list,
    ]) {
      expect(outputJsonSchema(call.response), call.path).not.toBeNull();
    }
  });

  it('leaves to zod what JSON Schema cannot say', () => {
    expect(outputJsonSchema(z.object({ at: z.date() }))).toBeNull();
    expect(outputJsonSchema(z.object({ n: z.string().transform(Number) }))).toBeNull();
    // A union of objects: ajv would refuse an answer with a key zod strips.
    const either = z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]);
    expect(outputJsonSchema(either)).toBeNull();
  });

  it('never writes a field the schema does not list, however deep', async () => {
    const app = Fastify();
    app.setSerializerCompiler(responseSerializerCompiler);
    app.get('/me', { schema: { response: { 200: authCalls.me.response } } }, async () => ({
      success: true,
      passwordHash: '$argon2id$secret',
      user: {
        ...self,
        phone: '+919812345678',
        passwordHash: '$argon2id$secret',
        profileImage: { url: '/media/p.jpg', key: 'private/bucket/key' },
        block: { ...self.block, adminNote: 'private' },
      },
    }));
    const res = await app.inject('/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, user: self });
    expect(res.body).not.toMatch(/secret|9812345678|private/);
    await app.close();
  });

  it('writes a nullable object and its null alike', async () => {
    const schema = z.object({ post: z.object({ _id: z.string() }).nullable() });
    const serialize = responseSerializerCompiler({ schema, method: 'GET', url: '/x' });
    expect(serialize({ post: { _id: 'a', owner: 'private' } })).toBe('{"post":{"_id":"a"}}');
    expect(serialize({ post: null })).toBe('{"post":null}');
  });
});
