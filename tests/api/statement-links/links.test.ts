/**
 * Making, listing and revoking statement links: the token leaves once, in the
 * URL, and only its hash is stored; rights, audit and bad input.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_NOT_VALID } from '../../../src/domain/statement-links';
import { auditEvents, statementLinks } from '../../../src/server/db/schema';
import {
  clerk,
  clock,
  distributor,
  linksOf,
  makeLink,
  manager,
  openLink,
  revoke,
  setUpLinksApp,
  testApp,
  tokenOf,
} from './setup';

setUpLinksApp();

const DAY = 86_400_000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('making a link', () => {
  let shop: { id: string };
  beforeAll(async () => {
    shop = await distributor('Iya Basira Provisions, Oshodi');
  });

  it('answers 201 with the URL once, and stores only the hash of its token', async () => {
    const reply = await makeLink(shop, 7);
    expect(reply.status).toBe(201);
    const token = tokenOf(reply.body);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body.url).toBe(`http://localhost:80/s/${token}`);
    expect(reply.body).toMatchObject({
      distributorId: shop.id,
      status: 'active',
      createdByName: 'Test manager',
      expiresAt: new Date(clock.now() + 7 * DAY).toISOString(),
      revokedAt: null,
      lastOpenedAt: null,
    });

    const rows = await testApp.database.db
      .select()
      .from(statementLinks)
      .where(eq(statementLinks.id, reply.body.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // Nothing else ever shows the token again.
    const listed = await linksOf(shop);
    expect(listed.map((link) => link.id)).toContain(reply.body.id);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(listed[0]).not.toHaveProperty('url');
  });

  it('makes a new token each time', async () => {
    const first = tokenOf((await makeLink(shop, 1)).body);
    const second = tokenOf((await makeLink(shop, 1)).body);
    expect(first).not.toBe(second);
  });

  it('refuses expiry days outside 1 to 90, naming the field', async () => {
    for (const days of [0, 91, 2.5, '7', null]) {
      const reply = await makeLink(shop, days);
      expect(reply.status, String(days)).toBe(400);
      expect(reply.body.errors).toEqual([
        { path: 'expiresInDays', message: 'Expiry must be a whole number of days from 1 to 90' },
      ]);
    }
    const unknownField = await manager.post(`/api/distributors/${shop.id}/statement-links`, {
      expiresInDays: 7,
      token: 'mine',
    });
    expect(unknownField.status).toBe(400);
    expect(await linksOf(shop)).toHaveLength(3);
  });

  it('answers 404 for a distributor that does not exist, and stores nothing', async () => {
    const before = (await testApp.database.db.select().from(statementLinks)).length;
    const reply = await makeLink({ id: '6f1c2a4e-0000-4000-8000-000000000000' });
    expect(reply.status).toBe(404);
    expect((await testApp.database.db.select().from(statementLinks)).length).toBe(before);
  });

  it('needs Distributors delete to make or revoke a link; read is enough to list them', async () => {
    const refused = await makeLink(shop, 7, clerk);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to delete from Distributors');
    const [link] = await linksOf(shop);
    if (!link) throw new Error('no link');
    expect((await revoke(link, clerk)).status).toBe(403);
    expect((await linksOf(shop)).find((l) => l.id === link.id)?.status).toBe('active');
  });
});

describe('revoking a link', () => {
  it('stops it opening, with the same answer as a wrong token; again changes nothing', async () => {
    const shop = await distributor('Mama Chidi Bread Depot, Aba');
    const made = (await makeLink(shop, 30)).body;
    const token = tokenOf(made);
    expect((await openLink(token)).status).toBe(200);

    const revoked = await revoke(made);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({
      status: 'revoked',
      revokedAt: new Date(clock.now()).toISOString(),
      revokedByName: 'Test manager',
    });
    const refused = await openLink(token);
    const wrong = await openLink('x'.repeat(43));
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: 'STATEMENT_LINK_NOT_VALID', message: LINK_NOT_VALID });
    expect(wrong.body).toEqual(refused.body);

    clock.advance(60_000);
    const again = await revoke(made);
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
    expect((await linksOf(shop))[0]).toMatchObject({
      status: 'revoked',
      lastOpenedAt: expect.any(String),
    });
  });

  it('keeps a distributor whose only record is a link: deleting archives it', async () => {
    const shop = await distributor('Only A Link Stores');
    const made = (await makeLink(shop, 7)).body;
    const removed = await manager.delete<{ action: string }>(`/api/distributors/${shop.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.action).toBe('archived');
    expect((await linksOf(shop)).map((link) => link.id)).toEqual([made.id]);
  });

  it('answers 404 for a link that does not exist', async () => {
    expect((await revoke({ id: '6f1c2a4e-0000-4000-8000-000000000000' })).status).toBe(404);
  });
});

describe('the audit trail', () => {
  it('records making and revoking a link, never its token', async () => {
    const shop = await distributor('Alhaji Musa Stores, Kano Road');
    const made = (await makeLink(shop, 5)).body;
    await revoke(made);
    const token = tokenOf(made);
    const events = await testApp.database.db.select().from(auditEvents);
    const created = events.find(
      (event) => event.action === 'distributors.link_create' && event.recordId === shop.id,
    );
    const revoked = events.find(
      (event) => event.action === 'distributors.link_revoke' && event.recordId === made.id,
    );
    expect(created).toMatchObject({
      username: 'baker_manager',
      recordType: 'distributor',
      status: 201,
      summary: { input: { expiresInDays: 5 } },
    });
    expect(revoked).toMatchObject({
      username: 'baker_manager',
      recordType: 'statement_link',
      status: 200,
    });
    expect(JSON.stringify(events)).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain(sha256(token));
  });
});

describe('the list of links', () => {
  it('shows each status, newest first, a page at a time', async () => {
    const shop = await distributor('Bola Kiosk, Surulere');
    const expiring = (await makeLink(shop, 1)).body;
    clock.advance(DAY);
    const revoked = (await makeLink(shop, 7)).body;
    await revoke(revoked);
    clock.advance(1000);
    const active = (await makeLink(shop, 7)).body;
    const all = await linksOf(shop);
    expect(all.map((link) => [link.id, link.status])).toEqual([
      [active.id, 'active'],
      [revoked.id, 'revoked'],
      [expiring.id, 'expired'],
    ]);
    const second = await linksOf(shop, '?limit=1&offset=1');
    expect(second.map((link) => link.id)).toEqual([revoked.id]);
    const bad = await clerk.get(`/api/distributors/${shop.id}/statement-links?limit=0`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errors: [{ path: 'limit', message: 'limit must be at least 1' }],
    });
  });
});
