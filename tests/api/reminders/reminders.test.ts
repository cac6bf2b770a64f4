import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DistributorWithAccount } from '../../../src/domain/contracts/distributors';
import type { ReminderPreview, ReminderRecord } from '../../../src/domain/contracts/reminders';
import type { SaleTransaction } from '../../../src/domain/contracts/sales';
import type { ApiClient } from '../../support/api-client';
import { testClock } from '../../support/clock';
import { bakeryFixtures, created, lagos } from '../../support/fixtures';
import { createRole, firstAdmin, userWithRole } from '../../support/personas';
import { createTestApp, type TestApp } from '../../support/test-app';

const clock = testClock();
let testApp: TestApp;
let admin: ApiClient;
let clerk: ApiClient;
let reader: ApiClient;
let mama: DistributorWithAccount;
const fixtures = bakeryFixtures(() => admin);

type Refusal = { code: string; message: string; errors: { path: string; message: string }[] };

const preview = (id: string, query: string, as = clerk) =>
  as.get<ReminderPreview & Refusal>(`/api/distributors/${id}/reminders/preview?${query}`);
const send = (id: string, body: Record<string, unknown>, as = clerk) =>
  as.post<ReminderRecord & Refusal>(`/api/distributors/${id}/reminders`, body);
const sent = (id: string, query = '', as = clerk) =>
  as.get<ReminderRecord[]>(`/api/distributors/${id}/reminders${query}`);
const saveSettings = (settings: Record<string, unknown>) =>
  admin.call<Refusal>('PUT', '/api/admin/settings', { allowSelfRegistration: true, ...settings });
const moveTo = async (table: string, id: string, at: Date) => {
  await testApp.database.db.execute(
    sql`update ${sql.identifier(table)} set created_at = ${at.toISOString()} where id = ${id}`,
  );
};
const sell = (to: { id: string }, loavesTaken: number) =>
  created(
    admin.post<SaleTransaction>('/api/sales-transactions', {
      distributorId: to.id,
      recipeName: 'Agege Bread',
      loavesTaken,
      pricePerLoaf: 500,
    }),
  );

const REMINDER =
  'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your balance with us is ₦40,000.00, ' +
  'of which ₦20,000.00 is overdue (oldest due 8 May 2026). Kindly pay at your earliest convenience. Thank you.';
const LINK = 'https://bakery.example.ng/s/Abcdefghijklmnopqrstuvwxyz_0123';

beforeAll(async () => {
  testApp = await createTestApp({ now: clock.now });
  admin = await firstAdmin(testApp);
  const writers = await createRole(
    admin,
    'Distributors clerk',
    { canRead: true, canWrite: true, canDelete: false },
    ['distributors'],
  );
  clerk = await userWithRole(testApp, admin, 'clerk', writers);
  const readers = await createRole(
    admin,
    'Distributors reader',
    { canRead: true, canWrite: false, canDelete: false },
    ['distributors'],
  );
  reader = await userWithRole(testApp, admin, 'reader', readers);
  expect((await saveSettings({ bakeryName: 'Golden Crust Bakery' })).status).toBe(200);

  // Terms of 7 days. ₦50,000 sold on 1 May (due 8 May), ₦20,000 on 9 June (due 16 June),
  // ₦30,000 paid on 9 June: the payment settles the oldest sale first, so on 10 June
  // ₦20,000 of 1 May's sale is 33 days overdue and 9 June's ₦20,000 is current.
  await fixtures.bake('Agege Bread', 1000, { prefix: 'R' });
  mama = await created(
    admin.post<DistributorWithAccount>('/api/distributors', {
      name: 'Mama Tunde Stores',
      address: '4 Ojuelegba Road, Surulere',
      phone: '0803 123 4567',
    }),
  );
  const first = await sell(mama, 100);
  const second = await sell(mama, 40);
  const paid = await created(
    admin.post<{ id: string }>('/api/distributor-payments', {
      distributorId: mama.id,
      amount: 30000,
    }),
  );
  const terms = await admin.patch(`/api/distributors/${mama.id}/credit`, {
    creditLimit: 50000,
    paymentTermsDays: 7,
  });
  expect(terms.status).toBe(200);
  await moveTo('sales_transactions', first.id, lagos('2026-05-01T12:00:00'));
  await moveTo('sales_transactions', second.id, lagos('2026-06-09T12:00:00'));
  await moveTo('distributor_payments', paid.id, lagos('2026-06-09T15:00:00'));
  clock.advance(lagos('2026-06-10T09:00:00').getTime() - clock.now());
});
afterAll(() => testApp.close());

describe('the message and its links, before sending', () => {
  it('makes the reminder from the balance, the overdue part and the oldest due day, to +234…', async () => {
    const reply = await preview(mama.id, 'kind=reminder');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      kind: 'reminder',
      phone: '+2348031234567',
      message: REMINDER,
      whatsappUrl: `https://wa.me/2348031234567?text=${encodeURIComponent(REMINDER)}`,
      smsUrl: `sms:+2348031234567?body=${encodeURIComponent(REMINDER)}`,
    });
    expect(new URL(reply.body.whatsappUrl).searchParams.get('text')).toBe(REMINDER);
  });

  it('makes the statement with the link given, or closes up where there is none', async () => {
    const withLink = await preview(mama.id, `kind=statement&link=${encodeURIComponent(LINK)}`);
    expect(withLink.body.message).toBe(
      'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your statement: balance ₦40,000.00, ' +
        `overdue ₦20,000.00 (oldest due 8 May 2026). ${LINK} Thank you for your business.`,
    );
    const without = await preview(mama.id, 'kind=statement');
    expect(without.body.message).toBe(
      'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your statement: balance ₦40,000.00, ' +
        'overdue ₦20,000.00 (oldest due 8 May 2026). Thank you for your business.',
    );
  });

  it('says nothing is overdue for a distributor owing nothing', async () => {
    const quiet = await fixtures.distributor('Quiet Kiosk');
    const reply = await preview(quiet.id, 'kind=reminder');
    expect(reply.body.message).toBe(
      'Good day Quiet Kiosk. This is Golden Crust Bakery. Your balance with us is ₦0.00, ' +
        'of which ₦0.00 is overdue (oldest due —). Kindly pay at your earliest convenience. Thank you.',
    );
    expect(reply.body.phone).toBe('+2348030000000');
  });

  it.each([
    ['kind=letter', 'kind', 'Choose statement or reminder'],
    ['', 'kind', 'Choose statement or reminder'],
    [
      'kind=statement&link=https%3A%2F%2Fevil.example%2Fpay',
      'link',
      'The link must be a statement link of this app',
    ],
    ['kind=statement&channel=sms', '', 'Unrecognized key: "channel"'],
  ])('refuses ?%s with 400 on %s', async (query, path, message) => {
    const reply = await preview(mama.id, query);
    expect(reply.status).toBe(400);
    expect(reply.body.code).toBe('INVALID_INPUT');
    expect(reply.body.errors).toContainEqual({ path, message });
  });
});

describe('a reminder sent', () => {
  it('is kept as sent, with who sent it and what was owed, and answers the link that opens it', async () => {
    const reply = await send(mama.id, { kind: 'reminder', channel: 'whatsapp' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.any(String),
      distributorId: mama.id,
      kind: 'reminder',
      channel: 'whatsapp',
      phone: '+2348031234567',
      message: REMINDER,
      url: `https://wa.me/2348031234567?text=${encodeURIComponent(REMINDER)}`,
      balance: 40000,
      overdue: 20000,
      sentByName: 'Test clerk',
      createdAt: expect.any(String),
    });
  });

  it('lists them newest first, a page at a time, to readers too', async () => {
    const statement = await send(mama.id, { kind: 'statement', channel: 'sms', link: LINK });
    expect(statement.status).toBe(201);
    expect(statement.body.url).toBe(
      `sms:+2348031234567?body=${encodeURIComponent(statement.body.message)}`,
    );
    const all = await sent(mama.id, '', reader);
    expect(all.status).toBe(200);
    expect(all.body.map((r) => [r.kind, r.channel])).toEqual([
      ['statement', 'sms'],
      ['reminder', 'whatsapp'],
    ]);
    expect(all.body[0]).toEqual(statement.body);
    const second = await sent(mama.id, '?limit=1&offset=1');
    expect(second.body.map((r) => r.kind)).toEqual(['reminder']);
  });

  it("shows the last one on the distributor's card", async () => {
    const [newest] = (await sent(mama.id)).body;
    const card = await reader.get<DistributorWithAccount>(`/api/distributors/${mama.id}`);
    expect(card.body.lastReminder).toEqual({
      at: newest?.createdAt,
      kind: 'statement',
      channel: 'sms',
    });
  });

  it('is in the audit trail against the distributor', async () => {
    const events = await admin.get<{ action: string; recordId: string; status: number }[]>(
      `/api/admin/audit?action=distributors.reminder&recordId=${mama.id}`,
    );
    expect(events.body.map((e) => [e.action, e.status])).toEqual([
      ['distributors.reminder', 201],
      ['distributors.reminder', 201],
    ]);
  });

  it.each([
    [{ kind: 'letter', channel: 'sms' }, 'kind', 'Choose statement or reminder'],
    [{ kind: 'reminder', channel: 'email' }, 'channel', 'Choose WhatsApp or SMS'],
    [{ kind: 'reminder' }, 'channel', 'Choose WhatsApp or SMS'],
    [
      { kind: 'statement', channel: 'sms', link: 'javascript:alert(1)' },
      'link',
      'The link must be a statement link of this app',
    ],
  ])('refuses %j with 400 on %s, keeping nothing', async (body, path, message) => {
    const before = (await sent(mama.id)).body.length;
    const reply = await send(mama.id, body);
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toContainEqual({ path, message });
    expect((await sent(mama.id)).body.length).toBe(before);
  });
});

describe('a phone that cannot be used', () => {
  it('is refused with 400 PHONE_NOT_USABLE on the phone field, and nothing is kept', async () => {
    const abroad = await created(
      admin.post<DistributorWithAccount>('/api/distributors', {
        name: 'Short Number Ltd',
        address: 'Oshodi',
        phone: '1234567',
      }),
    );
    const message =
      'Short Number Ltd\'s phone "1234567" cannot be used for WhatsApp or SMS: enter a Nigerian number such as 0803 123 4567, or another country\'s number with its + code';
    for (const reply of [
      await preview(abroad.id, 'kind=reminder'),
      await send(abroad.id, { kind: 'reminder', channel: 'whatsapp' }),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        code: 'PHONE_NOT_USABLE',
        message,
        errors: [{ path: 'phone', message }],
      });
    }
    expect((await sent(abroad.id)).body).toEqual([]);
  });

  it("keeps another country's number as it is", async () => {
    const london = await created(
      admin.post<DistributorWithAccount>('/api/distributors', {
        name: 'London Agent',
        address: 'Peckham',
        phone: '+44 20 7946 0958',
      }),
    );
    const reply = await preview(london.id, 'kind=reminder');
    expect(reply.body.phone).toBe('+442079460958');
    expect(reply.body.whatsappUrl).toMatch(/^https:\/\/wa\.me\/442079460958\?text=/);
  });
});

describe('rights', () => {
  it('needs Distributors write to preview or send, read to list', async () => {
    for (const reply of [
      await preview(mama.id, 'kind=reminder', reader),
      await send(mama.id, { kind: 'reminder', channel: 'sms' }, reader),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('FORBIDDEN');
    }
    const nobody = await userWithRole(testApp, admin, 'nobody', null);
    expect((await sent(mama.id, '', nobody)).status).toBe(403);
    expect((await sent(mama.id)).body.length).toBe(2);
  });

  it('answers 404 for a distributor that is not there', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await preview(missing, 'kind=reminder')).status).toBe(404);
    expect((await send(missing, { kind: 'reminder', channel: 'sms' })).status).toBe(404);
    expect((await sent(missing)).status).toBe(404);
  });
});

describe('the templates of the settings', () => {
  it('are used from the next message on', async () => {
    const saved = await saveSettings({
      reminderTemplate:
        '{distributor}: {overdue} of {balance} is overdue since {oldestDue}.\n— {bakery}',
      statementTemplate: 'Statement for {distributor}: {link}',
    });
    expect(saved.status).toBe(200);
    expect((await preview(mama.id, 'kind=reminder')).body.message).toBe(
      'Mama Tunde Stores: ₦20,000.00 of ₦40,000.00 is overdue since 8 May 2026.\n— Golden Crust Bakery',
    );
    expect((await preview(mama.id, 'kind=statement')).body.message).toBe(
      'Statement for Mama Tunde Stores:',
    );
  });

  it('refuse an unknown field with the field’s message, changing nothing', async () => {
    const before = (await admin.get<{ reminderTemplate: string }>('/api/admin/settings')).body;
    const reply = await saveSettings({ reminderTemplate: 'Dear {name}, pay {balance}' });
    const message =
      'Reminder message can use only {bakery}, {distributor}, {balance}, {overdue}, {oldestDue}, {link}';
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ path: 'reminderTemplate', message }]);
    const after = (await admin.get<{ reminderTemplate: string }>('/api/admin/settings')).body;
    expect(after.reminderTemplate).toBe(before.reminderTemplate);
  });
});
