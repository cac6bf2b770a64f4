import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, instant } from '../domain/contracts/contract';
import { pathOf } from '../domain/contracts/path';
import { serializerCompiler, serve } from './contract-route';

const thing = defineRoute({
  method: 'POST',
  url: '/things/:id',
  summary: 'A thing',
  access: { kind: 'public' },
  audit: { action: 'inventory.create', recordType: 'thing' },
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  response: { 201: z.object({ id: z.string(), name: z.string(), at: instant }) },
});

async function appServing(answer: (id: string, name: string) => unknown) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  serve(app, thing, async ({ params, body }) => answer(params.id, body.name) as never);
  await app.ready();
  return app;
}

describe('a route served from its contract', () => {
  it('answers with the contract’s status and only the fields its schema declares', async () => {
    const app = await appServing((id, name) => ({
      id,
      name,
      at: new Date('2026-11-25T09:00:00Z'),
      passwordHash: 'never sent',
    }));
    const reply = await app.inject({
      method: 'POST',
      url: '/things/t1',
      payload: { name: 'Agege' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ id: 't1', name: 'Agege', at: '2026-11-25T09:00:00.000Z' });
    await app.close();
  });

  it('refuses to send an answer that does not match its schema', async () => {
    const app = await appServing((id) => ({ id }));
    const reply = await app.inject({ method: 'POST', url: '/things/t1', payload: { name: 'x' } });
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('t1');
    await app.close();
  });

  it('keeps the contract on the route, for the guard, the audit trail and the API document', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: unknown[] = [];
    app.addHook('onRoute', (route) => {
      seen.push(route.config?.contract);
    });
    serve(app, thing, async () => ({ id: 'a', name: 'b', at: 'c' }));
    expect(seen).toEqual([thing]);
    await app.close();
  });
});

describe('the path of a call', () => {
  it('fills each parameter, encoded, and refuses a missing one', () => {
    expect(pathOf('/api/distributors/:id/statement', { id: 'a b/c' })).toBe(
      '/api/distributors/a%20b%2Fc/statement',
    );
    expect(() => pathOf('/api/recipes/:id', {})).toThrow('needs the "id" parameter');
  });
});
