import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_TEMPLATE,
  DEFAULT_STATEMENT_TEMPLATE,
  internationalPhone,
  messageDay,
  messageLink,
  messageTemplate,
  messageValues,
  phoneNotUsable,
  renderTemplate,
  sinceSent,
} from './reminders';

describe('internationalPhone', () => {
  it.each([
    ['0803 123 4567', '+2348031234567'],
    ['08031234567', '+2348031234567'],
    ['803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['+234 (0)803-123-4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['(0803) 123 4567', '+2348031234567'],
    ['  0703 000 1111 ', '+2347030001111'],
    // A Lagos fixed line: 1 and 7 digits.
    ['01 234 5678', '+23412345678'],
  ])('reads %s as %s', (written, international) => {
    expect(internationalPhone(written)).toBe(international);
  });

  it("keeps another country's number given with its + code", () => {
    expect(internationalPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(internationalPhone('+1 (212) 555-0100')).toBe('+12125550100');
  });

  it.each(['12345', '0803 123', '0803 123 4567 89', '+44 123', '+1234567890123456', '', 'none'])(
    'cannot use %j',
    (written) => {
      expect(internationalPhone(written)).toBeNull();
    },
  );

  it('says why under the phone field, with a number that would do', () => {
    expect(phoneNotUsable('Iya Basira', '12345')).toBe(
      'Iya Basira\'s phone "12345" cannot be used for WhatsApp or SMS: enter a Nigerian number such as 0803 123 4567, or another country\'s number with its + code',
    );
  });
});

describe('messageTemplate', () => {
  const schema = messageTemplate('Reminder message');
  const messagesOf = (text: unknown) =>
    schema.safeParse(text).error?.issues.map((issue) => issue.message) ?? [];

  it('takes the defaults and any text using only the known fields', () => {
    expect(messagesOf(DEFAULT_REMINDER_TEMPLATE)).toEqual([]);
    expect(messagesOf(DEFAULT_STATEMENT_TEMPLATE)).toEqual([]);
    expect(schema.parse('  Pay {balance}, {distributor}.\nFrom {bakery} ')).toBe(
      'Pay {balance}, {distributor}.\nFrom {bakery}',
    );
  });

  it('refuses a field it does not know, naming those it may use', () => {
    const known =
      'Reminder message can use only {bakery}, {distributor}, {balance}, {overdue}, {oldestDue}, {link}';
    expect(messagesOf('Dear {name}, pay {balance}')).toEqual([known]);
    expect(messagesOf('Pay {Balance}')).toEqual([known]);
    expect(messagesOf('Pay {}')).toEqual([known]);
  });

  it('refuses an empty or overlong template', () => {
    expect(messagesOf('   ')).toEqual(['Reminder message is required']);
    expect(messagesOf(undefined)).toEqual(['Reminder message is required']);
    expect(messagesOf('x'.repeat(1001))).toEqual([
      'Reminder message must be less than 1000 characters',
    ]);
  });
});

describe('messageValues and renderTemplate', () => {
  const account = {
    bakeryName: 'Golden Crust Bakery',
    distributorName: 'Mama Tunde Stores',
    balance: 45000.5,
    overdue: 12500,
    oldestDueDay: '2026-11-03',
  };

  it('writes naira to the kobo and the oldest due day as "3 Nov 2026"', () => {
    expect(renderTemplate(DEFAULT_REMINDER_TEMPLATE, messageValues(account))).toBe(
      'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your balance with us is ₦45,000.50, ' +
        'of which ₦12,500.00 is overdue (oldest due 3 Nov 2026). Kindly pay at your earliest convenience. Thank you.',
    );
  });

  it('puts the link before the next words, and closes up where there is none', () => {
    const link = 'https://bakery.example/s/abcdefghijklmnopqrstuvwxyz';
    expect(renderTemplate(DEFAULT_STATEMENT_TEMPLATE, messageValues({ ...account, link }))).toBe(
      'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your statement: balance ₦45,000.50, ' +
        `overdue ₦12,500.00 (oldest due 3 Nov 2026). ${link} Thank you for your business.`,
    );
    expect(renderTemplate(DEFAULT_STATEMENT_TEMPLATE, messageValues(account))).toBe(
      'Good day Mama Tunde Stores. This is Golden Crust Bakery. Your statement: balance ₦45,000.50, ' +
        'overdue ₦12,500.00 (oldest due 3 Nov 2026). Thank you for your business.',
    );
    expect(renderTemplate('See {link} today', messageValues(account))).toBe('See today');
    expect(renderTemplate('{link}', messageValues(account))).toBe('');
  });

  it('keeps the lines of a template apart', () => {
    expect(renderTemplate('{distributor}\nOwed: {balance}', messageValues(account))).toBe(
      'Mama Tunde Stores\nOwed: ₦45,000.50',
    );
  });

  it('names the bakery even before the letterhead does, and says "—" when nothing is due', () => {
    const values = messageValues({
      ...account,
      bakeryName: '  ',
      balance: 0,
      overdue: 0,
      oldestDueDay: null,
    });
    expect(renderTemplate('{bakery}: {balance}, {overdue} due since {oldestDue}', values)).toBe(
      'your bakery: ₦0.00, ₦0.00 due since —',
    );
  });

  it('leaves a brace that is no field as it is', () => {
    expect(renderTemplate('{name} owes {balance}', messageValues(account))).toBe(
      '{name} owes ₦45,000.50',
    );
  });
});

describe('messageDay', () => {
  it('writes a bakery day without a leading zero', () => {
    expect(messageDay('2026-01-09')).toBe('9 Jan 2026');
    expect(messageDay('2026-12-31')).toBe('31 Dec 2026');
    expect(messageDay(null)).toBe('—');
  });
});

describe('messageLink', () => {
  const message = 'Balance ₦1,000.00 & more\nThanks? #1 = 100%';

  it("opens WhatsApp's chat with the number without its +, the text encoded whole", () => {
    const url = messageLink('whatsapp', '+2348031234567', message);
    expect(url).toBe(
      'https://wa.me/2348031234567?text=Balance%20%E2%82%A61%2C000.00%20%26%20more%0AThanks%3F%20%231%20%3D%20100%25',
    );
    expect(new URL(url).searchParams.get('text')).toBe(message);
  });

  it('opens the SMS app with the number as +234… and the body encoded', () => {
    const url = messageLink('sms', '+2348031234567', message);
    expect(url).toBe(
      'sms:+2348031234567?body=Balance%20%E2%82%A61%2C000.00%20%26%20more%0AThanks%3F%20%231%20%3D%20100%25',
    );
    expect(decodeURIComponent(url.split('?body=')[1] ?? '')).toBe(message);
  });
});

describe('sinceSent', () => {
  const now = new Date('2026-06-10T08:00:00Z');
  it('counts Lagos days: today from its midnight, yesterday, then days', () => {
    // 23:30 UTC on 9 June is 00:30 on 10 June in Lagos.
    expect(sinceSent('2026-06-09T23:30:00Z', now, 'Africa/Lagos')).toBe('today');
    expect(sinceSent('2026-06-09T22:59:59Z', now, 'Africa/Lagos')).toBe('yesterday');
    expect(sinceSent('2026-06-07T12:00:00Z', now, 'Africa/Lagos')).toBe('3 days ago');
  });
});
