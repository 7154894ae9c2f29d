import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '@saathi/contract';
import { startTestApp, type TestApp } from '../../test/harness.js';

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as OpenApi;
  });
  afterAll(() => t.close());

  it.each(Object.entries(authCalls))('lists %s with its method, path and guard', (_name, call) => {
    expect(doc.openapi).toMatch(/^3\./);
    const path = call.path.replace(/:(\w+)/g, '{$1}');
    const operation = doc.paths[path]?.[call.method.toLowerCase()];
    expect(operation, `${call.method} ${path}`).toBeDefined();
    expect(operation?.summary).toBe(call.summary);
    if (call.auth === 'user') expect(operation?.security).toEqual([{ bearer: [] }]);
    else expect(operation?.security).toBeUndefined();
  });

  it('keeps the media route out of the document', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/media'))).toEqual([]);
  });
});
