// @vitest-environment node
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@saathi/contract';
import { onlyContractCalls } from './only-calls.js';

const probe = defineCall({
  method: 'GET',
  path: '/probe',
  summary: 'Probe',
  auth: 'public',
  response: z.unknown(),
});

describe('a route not made from a contract call', () => {
  const app = () => {
    const instance = Fastify();
    onlyContractCalls(instance, ['/api/docs']);
    return instance;
  };

  it('is refused when it is added, naming it', () => {
    expect(() => app().get('/around', async () => ({}))).toThrow(
      'GET /around is not a contract call',
    );
  });

  it('is refused inside a plugin too', async () => {
    const instance = app();
    void instance.register(async (scope) => {
      scope.post('/inside', async () => ({}));
    });
    await expect(instance.ready()).rejects.toThrow('POST /inside is not a contract call');
  });

  it("lets a contract call's route and a listed plugin's routes through", async () => {
    const instance = app();
    instance.get('/probe', { config: { call: probe } }, async () => ({}));
    instance.get('/api/docs', async () => ({}));
    instance.get('/api/docs/json', async () => ({}));
    await instance.ready();
    expect(instance.hasRoute({ method: 'GET', url: '/api/docs/json' })).toBe(true);
  });
});
