import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditPositionAnswer } from '../../../src/domain/contracts/credit';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import { rowsOf } from '../../../src/server/db/raw-results';
import type { ApiClient } from '../../support/api-client';
import { bakeryFixtures } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { endsWithRollupsMatchingRecords } from '../../support/rollups';
import { createTestApp, type TestApp } from '../../support/test-app';

let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
let manager: ApiClient;
let outsider: ApiClient;
const fixtures = bakeryFixtures(() => admin);

type Refusal = { code: string; message: string; errors?: { path: string; message: string }[] };

const setCredit = (id: string, body: Record<string, unknown>, as = manager) =>
  as.patch<DistributorWithAccount & Refusal>(`/api/distributors/${id}/credit`, body);
const sell = (
  to: { id: string },
  loavesTaken: number,
  extra: Record<string, unknown> = {},
  as = clerk,
) =>
  as.post<SaleTransaction & Refusal>('/api/sales-transactions', {
    distributorId: to.id,
    recipeName: 'Agege Bread',
    loavesTaken,
    pricePerLoaf: 500,
    ...extra,
  });
const balanceOf = async (id: string) =>
  (await manager.get<DistributorWithAccount>(`/api/distributors/${id}`)).body.balance;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await firstAdmin(testApp);
  // A clerk sells and takes payments; only a manager (Distributors delete) sets limits and overrides.
  const clerks = await createRole(
    admin,
    'Sales clerk',
    { canRead: true, canWrite: true, canDelete: false },
    ['sales', 'distributors'],
  );
  clerk = await userWithRole(testApp, admin, 'clerk', clerks);
  const managers = await createRole(
    admin,
    'Credit manager',
    { canRead: true, canWrite: true, canDelete: true },
    ['sales', 'distributors'],
  );
  manager = await userWithRole(testApp, admin, 'manager', managers);
  const bakers = await createRole(
    admin,
    'Baker',
    { canRead: true, canWrite: true, canDelete: true },
    ['production'],
  );
  outsider = await userWithRole(testApp, admin, 'baker', bakers);
  await fixtures.bake('Agege Bread', 500);
});
afterAll(() => testApp.close());

describe('credit limit and terms', () => {
  it('are set by a manager, kept on the card, and refused to a clerk', async () => {
    const shop = await fixtures.distributor('Terms Shop');
    expect(shop).toMatchObject({ creditLimit: null, paymentTermsDays: null, lastReminder: null });
    const set = await setCredit(shop.id, { creditLimit: 25_000.5, paymentTermsDays: 14 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ creditLimit: 25_000.5, paymentTermsDays: 14 });
    const refused = await setCredit(shop.id, { creditLimit: 1, paymentTermsDays: 1 }, clerk);
    expect(refused.status).toBe(403);
    const cleared = await setCredit(shop.id, { creditLimit: null, paymentTermsDays: null });
    expect(cleared.body).toMatchObject({ creditLimit: null, paymentTermsDays: null });
  });

  it('refuse bad input with the field message and change nothing', async () => {
    const shop = await fixtures.distributor('Bad Input Shop');
    await setCredit(shop.id, { creditLimit: 1000, paymentTermsDays: 7 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ creditLimit: -1, paymentTermsDays: 7 }, 'creditLimit', 'Credit limit cannot be negative'],
      [
        { creditLimit: 1.005, paymentTermsDays: 7 },
        'creditLimit',
        'Credit limit can have at most 2 decimal places',
      ],
      [
        { creditLimit: 10, paymentTermsDays: 1.5 },
        'paymentTermsDays',
        'Payment terms must be whole days',
      ],
      [
        { creditLimit: 10, paymentTermsDays: -1 },
        'paymentTermsDays',
        'Payment terms cannot be negative',
      ],
      [
        { creditLimit: 10, paymentTermsDays: 366 },
        'paymentTermsDays',
        'Payment terms must be at most 365 days',
      ],
      [{ creditLimit: '10', paymentTermsDays: 7 }, 'creditLimit', 'Credit limit must be a number'],
    ];
    for (const [body, path, message] of cases) {
      const reply = await setCredit(shop.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors).toContainEqual({ path, message });
    }
    const card = await manager.get<DistributorWithAccount>(`/api/distributors/${shop.id}`);
    expect(card.body).toMatchObject({ creditLimit: 1000, paymentTermsDays: 7 });
  });

  it('show on Record Sale as the balance, the limit and what is left', async () => {
    const shop = await fixtures.distributor('Position Shop');
    await setCredit(shop.id, { creditLimit: 10_000, paymentTermsDays: 7 });
    expect((await sell(shop, 4)).status).toBe(201);
    const position = await clerk.get<CreditPositionAnswer>(
      `/api/distributors/${shop.id}/credit-position`,
    );
    expect(position.body).toEqual({
      distributorId: shop.id,
      name: 'Position Shop',
      balance: 2000,
      creditLimit: 10_000,
      paymentTermsDays: 7,
      headroom: 8000,
    });
    const baker = await outsider.get(`/api/distributors/${shop.id}/credit-position`);
    expect(baker.status).toBe(403);
  });
});

describe('a sale over the limit', () => {
  let shop: DistributorWithAccount;
  beforeAll(async () => {
    shop = await fixtures.distributor('Mama Nkechi Stores');
    await setCredit(shop.id, { creditLimit: 10_000, paymentTermsDays: 7 });
    expect((await sell(shop, 15)).status).toBe(201);
  });

  it('is refused with the balance it would make, and records nothing', async () => {
    const before = await clerk.get<unknown[]>('/api/sales-transactions?limit=500');
    const refused = await sell(shop, 6);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect(refused.body.message).toBe(
      "This would take Mama Nkechi Stores's balance to ₦10,500.00, over the credit limit of " +
        '₦10,000.00. A manager (Distributors delete right) can allow it with a reason.',
    );
    expect(await balanceOf(shop.id)).toBe(7500);
    const after = await clerk.get<unknown[]>('/api/sales-transactions?limit=500');
    expect(after.body.length).toBe(before.body.length);
  });

  it('goes through when it stays within the limit or is paid at the sale', async () => {
    const exact = await sell(shop, 5);
    expect(exact.status).toBe(201);
    expect(await balanceOf(shop.id)).toBe(10_000);
    // Over the limit already, a sale paid in full does not raise the balance.
    const paid = await sell(shop, 2, { amountPaid: 1000 });
    expect(paid.status).toBe(201);
    const partly = await sell(shop, 2, { amountPaid: 999.99 });
    expect(partly.status).toBe(409);
  });

  it('a clerk cannot override; a manager can with a reason, kept on the sale and in the audit trail', async () => {
    const reason = 'Festival order, pays Friday';
    const clerkTry = await sell(shop, 2, { creditOverrideReason: reason });
    expect(clerkTry.status).toBe(403);
    expect(clerkTry.body.code).toBe('CREDIT_OVERRIDE_NOT_ALLOWED');
    const noReason = await sell(shop, 2, {}, manager);
    expect(noReason.status).toBe(409);
    const blank = await sell(shop, 2, { creditOverrideReason: '  ' }, manager);
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toContainEqual({
      path: 'creditOverrideReason',
      message: 'Give a reason for going over the credit limit',
    });
    const allowed = await sell(shop, 2, { creditOverrideReason: reason }, manager);
    expect(allowed.status).toBe(201);
    expect(await balanceOf(shop.id)).toBe(11_000);
    const [row] = await rowsOf<{ reason: string; by: string }>(
      testApp.database.db,
      sql`select s.credit_override_reason as reason, u.username as by
        from sales_transactions s join users u on u.id = s.credit_override_by
        where s.id = ${allowed.body.id}`,
    );
    expect(row).toEqual({ reason, by: expect.stringContaining('manager') });
    const [event] = await rowsOf<{ summary: string }>(
      testApp.database.db,
      sql`select summary::text from audit_events where record_id = ${allowed.body.id}`,
    );
    expect(event?.summary).toContain(reason);
  });

  it('lets exactly as many concurrent sales through as fit under the limit', async () => {
    const racer = await fixtures.distributor('Race Shop');
    await setCredit(racer.id, { creditLimit: 5000, paymentTermsDays: 0 });
    const replies = await Promise.all(Array.from({ length: 10 }, () => sell(racer, 2)));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(await balanceOf(racer.id)).toBe(5000);
  });
});

endsWithRollupsMatchingRecords(() => testApp.database.db);
