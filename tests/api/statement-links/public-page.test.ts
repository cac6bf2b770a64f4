/**
 * The statement a link opens, signed out: that distributor's only, with the
 * letterhead; until the instant it expires; the same 404 for every token that
 * opens nothing; no session; rate-limited per address.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_NOT_VALID, TOO_MANY_STATEMENT_REQUESTS } from '../../../src/domain/statement-links';
import {
  admin,
  clock,
  distributor,
  linksOf,
  makeLink,
  openLink,
  pay,
  setUpLinksApp,
  tokenOf,
} from './setup';

setUpLinksApp();

const NOT_VALID = { code: 'STATEMENT_LINK_NOT_VALID', message: LINK_NOT_VALID };

let shop: { id: string };
let other: { id: string };
let token: string;

beforeAll(async () => {
  await admin.call('PUT', '/api/admin/settings', {
    allowSelfRegistration: true,
    bakeryName: 'Sunrise Bakery',
    bakeryAddress: '4 Bode Thomas Street, Surulere, Lagos',
    bakeryPhone: '+234 803 555 0101',
  });
  shop = await distributor('Mama Nkechi Store, Yaba');
  other = await distributor('Oga Tunde Depot, Ikorodu');
  await pay(shop, 1500.25, 'First Bank teller 1');
  await pay(other, 9999, 'Not for Mama Nkechi');
  token = tokenOf((await makeLink(shop, 7)).body);
});

describe('opening a link signed out', () => {
  it("shows that distributor's statement with the letterhead, and nothing else of the app", async () => {
    const reply = await openLink(token);
    expect(reply.status).toBe(200);
    const { body } = reply;
    expect(body.letterhead).toEqual({
      bakeryName: 'Sunrise Bakery',
      bakeryAddress: '4 Bode Thomas Street, Surulere, Lagos',
      bakeryPhone: '+234 803 555 0101',
    });
    expect(body.distributor).toEqual({
      name: 'Mama Nkechi Store, Yaba',
      address: '12 Allen Avenue, Ikeja',
      phone: '0803 000 0000',
    });
    expect(body.timeZone).toBe('Africa/Lagos');
    expect(body.lines.map((line) => line.description)).toEqual([
      'Payment by Cash: First Bank teller 1',
    ]);
    expect(body.closingBalance).toBe(-1500.25);
    expect(body).toHaveProperty('ageing');
    expect(JSON.stringify(body)).not.toContain('Not for Mama Nkechi');
    expect(JSON.stringify(body)).not.toContain(shop.id);
  });

  it('sets no session and asks not to be kept or indexed', async () => {
    const reply = await openLink(token);
    expect(reply.headers['set-cookie']).toBeUndefined();
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.headers['x-robots-tag']).toBe('noindex');
  });

  it('records when it was last opened', async () => {
    clock.advance(5000);
    await openLink(token);
    const [link] = await linksOf(shop);
    expect(link?.lastOpenedAt).toBe(new Date(clock.now()).toISOString());
  });

  it('takes the period and pages as the statement does, bad dates refused by field', async () => {
    const old = await openLink(token, '?startDate=2025-01-01&endDate=2025-01-31');
    expect(old.status).toBe(200);
    expect(old.body.lines).toEqual([]);
    expect(old.body.startDate).toBe('2025-01-01');
    const bad = await openLink(token, '?startDate=2025-02-01&endDate=2025-01-01');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.path).toBe('endDate');
    const unknown = await openLink(token, '?distributorId=x');
    expect(unknown.status).toBe(400);
  });

  it('answers every token that opens nothing with the same 404', async () => {
    for (const wrong of [
      'A'.repeat(43),
      token.slice(0, -1),
      `${token}x`,
      'short',
      '%00',
      token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    ]) {
      const reply = await openLink(encodeURIComponent(wrong));
      expect(reply.status, wrong).toBe(404);
      expect(reply.body, wrong).toEqual(NOT_VALID);
    }
  });
});

describe('expiry', () => {
  it('opens until the instant it expires, then answers as a wrong token', async () => {
    const made = (await makeLink(shop, 2)).body;
    const expiring = tokenOf(made);
    clock.advance(new Date(made.expiresAt).getTime() - clock.now() - 1);
    expect((await openLink(expiring)).status).toBe(200);
    clock.advance(1);
    const expired = await openLink(expiring);
    expect(expired.status).toBe(404);
    expect(expired.body).toEqual(NOT_VALID);
    expect((await linksOf(shop)).find((link) => link.id === made.id)?.status).toBe('expired');
  });
});

describe('the rate limit', () => {
  it('answers 429 past 30 requests a minute from one address, others unaffected', async () => {
    const address = '198.51.100.7';
    for (let n = 0; n < 30; n += 1) {
      const reply = await openLink(n % 2 ? token : 'B'.repeat(43), '', address);
      expect(reply.status).not.toBe(429);
    }
    const refused = await openLink(token, '', address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: TOO_MANY_STATEMENT_REQUESTS,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await openLink(token, '', '198.51.100.8')).status).toBe(200);
  });

  it('leaves the signed-in app alone', async () => {
    for (let n = 0; n < 35; n += 1) {
      expect((await admin.get('/api/distributors')).status).toBe(200);
    }
  });
});
