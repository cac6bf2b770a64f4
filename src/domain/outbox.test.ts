import { describe, expect, it } from 'vitest';
import {
  afterRefusal,
  afterRetry,
  afterSignedOut,
  corrected,
  dueEntries,
  entryLine,
  LONGEST_RETRY_MS,
  mayHaveReachedServer,
  newEntry,
  nextWake,
  type OutboxWrite,
  outcomeOf,
  retryDelay,
  sendAgain,
  stateText,
  timeToSend,
} from './outbox';

const ADA = { id: 'user-ada', name: 'Ada Obi' };
const BAYO = { id: 'user-bayo', name: 'Bayo Ade' };

const sale: OutboxWrite = {
  kind: 'sale',
  body: {
    distributorId: 'd1',
    recipeName: 'Agege Bread',
    loavesTaken: 40,
    pricePerLoaf: 500,
    amountPaid: 5000,
    notes: null,
  },
};

/** An entry made at `iso` by `who`. */
const made = (key: string, iso: string, who = ADA, write = sale) =>
  newEntry(key, write, 'Mama Put', who, new Date(iso));

describe('outcomeOf', () => {
  it('sends on 2xx, a replayed answer included', () => {
    expect(outcomeOf({ status: 201 })).toBe('sent');
    expect(outcomeOf({ status: 200 })).toBe('sent');
  });

  it('tries again later with no network, a server error or too many calls', () => {
    expect(outcomeOf({ network: true })).toBe('retry');
    for (const status of [500, 502, 503, 504, 429, 408]) {
      expect(outcomeOf({ status }), String(status)).toBe('retry');
    }
  });

  it("waits for its maker's next sign-in when the session ended", () => {
    expect(outcomeOf({ status: 401, code: 'NOT_SIGNED_IN' })).toBe('signIn');
    // Another tab signed another user in: it waits for its maker too.
    expect(outcomeOf({ status: 401, code: 'SIGNED_IN_AS_ANOTHER_USER' })).toBe('signIn');
  });

  it('holds every other 4xx as refused: loaves gone, archived, over the limit, no right, bad field', () => {
    const refusals = [
      { status: 400, code: 'INVALID_INPUT' },
      { status: 403, code: 'FORBIDDEN' },
      { status: 403, code: 'CREDIT_OVERRIDE_NOT_ALLOWED' },
      { status: 404, code: 'NOT_FOUND' },
      { status: 409, code: 'LOAVES_NOT_AVAILABLE' },
      { status: 409, code: 'DISTRIBUTOR_ARCHIVED' },
      { status: 409, code: 'CREDIT_LIMIT_EXCEEDED' },
      { status: 409, code: 'IDEMPOTENCY_KEY_REUSED' },
      { status: 409, code: 'SETTLEMENT_ALREADY_MADE' },
      { status: 422 },
    ];
    for (const answer of refusals) expect(outcomeOf(answer), answer.code).toBe('refused');
  });
});

describe('retryDelay', () => {
  it('waits 2 s, then twice as long each time, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => retryDelay(n, 0))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('adds up to a tenth at random, so devices do not all return at once', () => {
    expect(retryDelay(1, 0.999)).toBe(2_000 + 200);
    expect(retryDelay(30, 0.5)).toBe(LONGEST_RETRY_MS * 1.05);
  });
});

describe('an entry through its answers', () => {
  const entry = made('k1', '2026-11-26T13:32:00.000Z');

  it('is waiting, due at once, with nothing tried', () => {
    expect(entry).toMatchObject({ state: 'waiting', attempts: 0, nextTryAt: 0, problem: null });
    expect(entry.madeAt).toBe('2026-11-26T13:32:00.000Z');
    expect(entry.madeBy).toEqual(ADA);
  });

  it('counts each "later" and waits longer each time, keeping the reason', () => {
    const problem = { message: 'Something failed on the server', fieldErrors: [] };
    const once = afterRetry(entry, problem, 1_000, 0);
    expect(once).toMatchObject({ state: 'waiting', attempts: 1, nextTryAt: 3_000, problem });
    const twice = afterRetry(once, problem, 5_000, 0);
    expect(twice).toMatchObject({ attempts: 2, nextTryAt: 9_000 });
  });

  it("keeps a refusal with the server's words, and the key, until a person acts", () => {
    const problem = {
      message: 'Only 3 loaves of Agege Bread are available',
      code: 'LOAVES_NOT_AVAILABLE',
      fieldErrors: [],
    };
    const refused = afterRefusal({ ...entry, state: 'sending' }, problem);
    expect(refused).toMatchObject({ key: 'k1', state: 'refused', problem });
    expect(dueEntries([refused], ADA.id, Number.MAX_SAFE_INTEGER)).toEqual([]);

    const fixed: OutboxWrite = { ...sale, body: { ...sale.body, loavesTaken: 3 } };
    const again = corrected(refused, fixed, 'Mama Put');
    expect(again).toMatchObject({ key: 'k1', state: 'waiting', problem: null, attempts: 0 });
    expect(again.madeAt).toBe(entry.madeAt);
    expect(again.write).toEqual(fixed);

    expect(sendAgain(refused)).toMatchObject({ key: 'k1', state: 'waiting', problem: null });
  });

  it('goes back to waiting when the session ended mid-send', () => {
    expect(afterSignedOut({ ...entry, state: 'sending' }).state).toBe('waiting');
  });
});

describe('timeToSend', () => {
  const entry = made('k1', '2026-11-26T13:32:05.123Z');

  it('carries the moment it was made when sent later, or corrected', () => {
    expect(timeToSend(entry, false)).toEqual({ recordedAt: '2026-11-26T13:32:05.123Z' });
  });

  it("goes as today, new, from its open form: the server's clock times it", () => {
    expect(timeToSend(entry, true)).toEqual({});
  });
});

describe('dueEntries and nextWake', () => {
  const first = made('b', '2026-11-26T13:00:00.000Z');
  const second = made('a', '2026-11-26T13:05:00.000Z');
  const sameMoment = made('c', '2026-11-26T13:05:00.000Z');
  const bayos = made('d', '2026-11-26T12:00:00.000Z', BAYO);

  it("gives the signed-in user's own, oldest first, not another user's", () => {
    const due = dueEntries([sameMoment, bayos, second, first], ADA.id, 0);
    expect(due.map((e) => e.key)).toEqual(['b', 'a', 'c']);
    expect(dueEntries([sameMoment, bayos], BAYO.id, 0).map((e) => e.key)).toEqual(['d']);
  });

  it('leaves one waiting out until its time, and takes a stale "sending" one', () => {
    const later = { ...first, nextTryAt: 5_000 };
    const stale = { ...second, state: 'sending' as const };
    expect(dueEntries([later, stale], ADA.id, 4_999).map((e) => e.key)).toEqual(['a']);
    expect(dueEntries([later, stale], ADA.id, 5_000).map((e) => e.key)).toEqual(['b', 'a']);
  });

  it("wakes at the user's earliest retry time, or not at all", () => {
    expect(nextWake([first, second], ADA.id)).toBeNull();
    const entries = [
      { ...first, nextTryAt: 9_000 },
      { ...second, nextTryAt: 7_000 },
      { ...bayos, nextTryAt: 1_000 },
    ];
    expect(nextWake(entries, ADA.id)).toBe(7_000);
  });
});

describe('entryLine', () => {
  it('reads a sale in the bakery words, exact to the kobo', () => {
    expect(entryLine({ write: sale, distributorName: 'Mama Put' })).toBe(
      'Sale: 40 loaves of Agege Bread to Mama Put, ₦20,000.00 paid ₦5,000.00',
    );
    const odd: OutboxWrite = {
      kind: 'sale',
      body: { ...sale.body, loavesTaken: 3, pricePerLoaf: 350.1, amountPaid: undefined },
    };
    expect(entryLine({ write: odd, distributorName: 'Iya Basira' })).toBe(
      'Sale: 3 loaves of Agege Bread to Iya Basira, ₦1,050.30 paid ₦0.00',
    );
  });

  it('reads a payment, a return and a settlement', () => {
    const payment: OutboxWrite = {
      kind: 'payment',
      body: { distributorId: 'd1', amount: 7500.5, paymentMethod: 'bank_transfer' },
    };
    expect(entryLine({ write: payment, distributorName: 'Mama Put' })).toBe(
      'Payment: ₦7,500.50 from Mama Put (Bank Transfer)',
    );
    const back: OutboxWrite = {
      kind: 'return',
      body: {
        distributorId: 'd1',
        recipeName: 'Agege Bread',
        loavesReturned: 1,
        pricePerLoaf: 450,
      },
    };
    expect(entryLine({ write: back, distributorName: 'Mama Put' })).toBe(
      'Return: 1 loaf of Agege Bread from Mama Put, ₦450.00 credit',
    );
    const settled: OutboxWrite = {
      kind: 'settlement',
      params: { id: 'd1' },
      body: {
        day: '2026-11-26',
        returns: [
          { recipeName: 'Agege Bread', loaves: 2, reason: 'spoiled' },
          { recipeName: 'Agege Bread', loaves: 1, reason: 'damaged' },
        ],
        collected: 12000,
        paymentMethod: 'cash',
        notes: null,
      },
    };
    expect(entryLine({ write: settled, distributorName: 'Mama Put' })).toBe(
      'Settlement: Mama Put, 3 loaves returned, ₦12,000.00 collected (Cash)',
    );
  });
});

describe('mayHaveReachedServer', () => {
  const entry = made('k1', '2026-11-26T13:32:00.000Z');

  it('is false for one never tried, or refused (a refusal stores nothing)', () => {
    expect(mayHaveReachedServer(entry)).toBe(false);
    const refused = afterRefusal(afterRetry(entry, null, 0, 0), { message: 'No', fieldErrors: [] });
    expect(mayHaveReachedServer(refused)).toBe(false);
  });

  it('is true once a try went unanswered or failed on the server', () => {
    expect(mayHaveReachedServer(afterRetry(entry, null, 0, 0))).toBe(true);
    expect(mayHaveReachedServer(afterSignedOut(afterRetry(entry, null, 0, 0)))).toBe(true);
  });
});

describe('stateText', () => {
  const entry = made('k1', '2026-11-26T13:32:00.000Z');

  it('says what it waits for', () => {
    expect(stateText(entry, ADA.id, false)).toBe('Waiting for the network');
    expect(stateText(entry, ADA.id, true)).toBe('Waiting to be sent');
    expect(stateText(entry, BAYO.id, true)).toBe('Waiting for Ada Obi to sign in');
    expect(stateText(entry, null, true)).toBe('Waiting for Ada Obi to sign in');
    expect(stateText({ ...entry, state: 'sending' }, ADA.id, true)).toBe('Sending…');
    const failed = afterRetry(entry, { message: 'Server busy', fieldErrors: [] }, 0, 0);
    expect(stateText(failed, ADA.id, true)).toBe('Trying again soon: Server busy');
  });

  it("shows a refusal with the server's words, to anyone", () => {
    const refused = afterRefusal(entry, {
      message: 'Distributor is archived',
      code: 'DISTRIBUTOR_ARCHIVED',
      fieldErrors: [],
    });
    expect(stateText(refused, ADA.id, true)).toBe('Refused: Distributor is archived');
    expect(stateText(refused, BAYO.id, false)).toBe('Refused: Distributor is archived');
  });
});
