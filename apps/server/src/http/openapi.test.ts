import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@saathi/contract';
import {
  accountCalls,
  adminUserCalls,
  authCalls,
  notificationCalls,
  vaultCalls,
  type Call,
} from '@saathi/contract';
import { startTestApp, type TestApp } from '../../test/harness.js';

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        security?: unknown[];
        operationId?: string;
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }
    >
  >;
}

const operationOf = (doc: OpenApi, call: Call) =>
  doc.paths[call.path.replace(/:(\w+)/g, '{$1}')]?.[call.method.toLowerCase()];

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

  it("names every contract call's operation by its key: authCalls.me is auth.me", () => {
    const named = Object.entries(contract)
      .filter(([exported]) => exported.endsWith('Calls'))
      .flatMap(([exported, group]) =>
        Object.entries(group as Record<string, Call>).map(([name, call]) => ({
          id: `${exported.slice(0, -'Calls'.length)}.${name}`,
          operation: operationOf(doc, call),
        })),
      )
      .filter((c) => c.operation);
    expect(named.length).toBeGreaterThan(50);
    for (const { id, operation } of named) expect(operation?.operationId).toBe(id);
    expect(operationOf(doc, authCalls.me)?.operationId).toBe('auth.me');
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).flatMap((o) => (o.operationId ? [o.operationId] : [])),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists file answers as binary in their own type, not as JSON', () => {
    const files: Call[] = [accountCalls.downloadExport, vaultCalls.file, adminUserCalls.document];
    for (const call of files) {
      const content = operationOf(doc, call)?.responses?.['200']?.content ?? {};
      const type = call.file?.contentType ?? 'application/octet-stream';
      expect(Object.keys(content), call.path).toEqual([type]);
      expect(content[type]?.schema, call.path).toMatchObject({ type: 'string', format: 'binary' });
    }
    expect(Object.keys(operationOf(doc, authCalls.me)?.responses?.['200']?.content ?? {})).toEqual([
      'application/json',
    ]);
  });

  it('lists the live streams as event streams', () => {
    const content = operationOf(doc, notificationCalls.stream)?.responses?.['200']?.content;
    expect(Object.keys(content ?? {})).toEqual(['text/event-stream']);
  });

  it('keeps the media route out of the document', () => {
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/media'))).toEqual([]);
  });
});
