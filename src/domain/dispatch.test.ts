import { describe, expect, it } from 'vitest';
import { dispatchSchema, loadingList, planDispatch } from './dispatch';

const plan = (
  loading: { recipeName: string; loaves: number }[],
  prices = new Map([
    ['Agege', 500],
    ['Sardine', 250.5],
  ]),
) =>
  planDispatch({
    ordered: new Map([
      ['Agege', 10],
      ['Sardine', 4],
    ]),
    loading,
    available: new Map([
      ['Agege', 7],
      ['Sardine', 20],
    ]),
    prices,
  });

describe('planDispatch', () => {
  it('records every bread ordered, those not listed loading none, at the price in force', () => {
    expect(plan([{ recipeName: 'Agege', loaves: 7 }])).toEqual({
      problems: [],
      lines: [
        { recipeName: 'Agege', ordered: 10, loaded: 7, pricePerLoaf: 500, value: 3500 },
        { recipeName: 'Sardine', ordered: 4, loaded: 0, pricePerLoaf: 250.5, value: 0 },
      ],
    });
  });

  it('refuses more than available, naming the loaves left, as a shortage', () => {
    expect(plan([{ recipeName: 'Agege', loaves: 8 }]).problems).toEqual([
      { path: 'lines.0.loaves', message: 'Only 7 loaves of Agege are available', short: true },
    ]);
  });

  it('refuses more than ordered and a bread not ordered', () => {
    expect(
      plan([
        { recipeName: 'Sardine', loaves: 5 },
        { recipeName: 'Coconut', loaves: 1 },
      ]).problems,
    ).toEqual([
      { path: 'lines.0.loaves', message: 'At most 4 loaves of Sardine were ordered' },
      { path: 'lines.1.loaves', message: 'Coconut was not ordered' },
    ]);
  });

  it('refuses a bread ordered without a price', () => {
    expect(
      plan([{ recipeName: 'Sardine', loaves: 1 }], new Map([['Agege', 500]])).problems,
    ).toEqual([
      { path: 'lines.0', message: 'Sardine has no price: set one on Prices before dispatching it' },
    ]);
  });
});

describe('loadingList', () => {
  it('adds loaded loaves of dispatched notes and ordered loaves still to load of the others', () => {
    const notes = [
      { dispatched: true, lines: [{ recipeName: 'Agege', ordered: 10, loaded: 9 }] },
      {
        dispatched: false,
        lines: [
          { recipeName: 'Agege', ordered: 5, loaded: null },
          { recipeName: 'Sardine', ordered: 2, loaded: null },
        ],
      },
    ];
    expect(loadingList(notes, new Map([['Agege', 3]]))).toEqual([
      { recipeName: 'Agege', ordered: 15, loaded: 9, toLoad: 5, available: 3 },
      { recipeName: 'Sardine', ordered: 2, loaded: 0, toLoad: 2, available: 0 },
    ]);
  });
});

describe('dispatchSchema', () => {
  const messages = (lines: unknown[]) =>
    dispatchSchema
      .safeParse({ day: '2026-06-10', lines })
      .error?.issues.map((issue) => issue.message);

  it('refuses part loaves and a bread listed twice', () => {
    expect(messages([{ recipeName: 'Agege', loaves: 1.5 }])).toEqual(['Whole loaves only']);
    expect(
      messages([
        { recipeName: 'Agege', loaves: 2 },
        { recipeName: 'Agege', loaves: 1 },
      ]),
    ).toEqual(['Each bread may be listed once']);
  });
});
