import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/domain/access';
import { ApiClient } from '../support/api-client';
import { createRole, firstAdmin, userWithRole } from '../support/personas';
import { createTestApp, type TestApp } from '../support/test-app';

type Persona =
  | 'signedOut'
  | 'noRole'
  | 'read'
  | 'writeOnly'
  | 'readWrite'
  | 'readWriteDelete'
  | 'admin';

/** What the access table promises each persona, for one route's rule. */
function allowed(access: Access, persona: Persona): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'signed-in':
      return persona !== 'signedOut';
    case 'admin':
      return persona === 'admin';
    case 'module':
    case 'any-of':
    case 'all-of': {
      const rights = access.kind === 'module' ? [access.right] : access.rules.map((r) => r.right);
      const held: Record<Persona, string[]> = {
        signedOut: [],
        noRole: [],
        read: ['read'],
        // Write without read: the flags are independent (docs/rules/permissions.md).
        writeOnly: ['write'],
        readWrite: ['read', 'write'],
        readWriteDelete: ['read', 'write', 'delete'],
        admin: ['read', 'write', 'delete'],
      };
      const holds = (right: string) => held[persona].includes(right);
      return access.kind === 'all-of' ? rights.every(holds) : rights.some(holds);
    }
  }
}

/** What each persona got from one route that its access does not promise. */
async function mismatchesOf(route: { method: string; url: string; access: Access }) {
  // A random id: an allowed caller gets 404 or 400, never 401/403.
  const url = route.url.replace(/:[a-zA-Z]+/g, randomUUID());
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  const mismatches: string[] = [];
  for (const persona of Object.keys(clients) as Persona[]) {
    const reply = await clients[persona].call(route.method as 'GET', url, body);
    const expected = expectedFor(route.access, persona);
    const got = reply.status === 401 || reply.status === 403 ? reply.status : 'allowed';
    if (got !== expected) {
      mismatches.push(
        `${persona} ${route.method} ${route.url}: expected ${expected}, got ${reply.status}`,
      );
    }
    expect(reply.status, `${persona} ${route.method} ${route.url}`).toBeLessThan(500);
  }
  return mismatches;
}

const expectedFor = (access: Access, persona: Persona) =>
  allowed(access, persona) ? 'allowed' : persona === 'signedOut' ? 401 : 403;

let testApp: TestApp;
const clients = {} as Record<Persona, ApiClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  const admin = await firstAdmin(testApp);
  clients.admin = admin;
  clients.signedOut = new ApiClient(testApp);
  clients.noRole = await userWithRole(testApp, admin, 'norole', null);
  const all = (canWrite: boolean, canDelete: boolean) => ({ canRead: true, canWrite, canDelete });
  clients.read = await userWithRole(
    testApp,
    admin,
    'reader',
    await createRole(admin, 'Readers', all(false, false)),
  );
  clients.writeOnly = await userWithRole(
    testApp,
    admin,
    'writeonly',
    await createRole(admin, 'Write Only', { canRead: false, canWrite: true, canDelete: false }),
  );
  clients.readWrite = await userWithRole(
    testApp,
    admin,
    'writer',
    await createRole(admin, 'Writers', all(true, false)),
  );
  clients.readWriteDelete = await userWithRole(
    testApp,
    admin,
    'deleter',
    await createRole(admin, 'Deleters', all(true, true)),
  );
});
afterAll(() => testApp.close());

describe('every API route, as every kind of caller', () => {
  it('has routes to walk, read from the router', () => {
    expect(testApp.app.apiRoutes.length).toBeGreaterThan(10);
  });

  it('answers exactly what each route’s contract declares', async () => {
    const mismatches: string[] = [];
    // Signing out would end the persona's session: it is public and checked signed out only.
    const routes = testApp.app.apiRoutes.filter((r) => r.url !== '/api/auth/logout');
    for (const route of routes) mismatches.push(...(await mismatchesOf(route)));
    expect(mismatches).toEqual([]);
  });

  it('lets anyone sign out', async () => {
    expect((await new ApiClient(testApp).post('/api/auth/logout')).status).toBe(200);
  });
});
