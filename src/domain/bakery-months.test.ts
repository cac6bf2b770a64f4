import { describe, expect, it } from 'vitest';
import { splitByMonths } from './bakery-months';

describe('splitByMonths', () => {
  it('keeps a span inside one month as days', () => {
    expect(splitByMonths({ from: '2026-11-03', to: '2026-11-20' })).toEqual({
      months: null,
      edges: [{ from: '2026-11-03', to: '2026-11-20' }],
    });
  });

  it('answers a calendar month from the month alone', () => {
    expect(splitByMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      months: { from: '2026-02-01', to: '2026-02-01' },
      edges: [],
    });
  });

  it('cuts this year so far into whole months and this month’s days', () => {
    expect(splitByMonths({ from: '2026-01-01', to: '2026-11-25' })).toEqual({
      months: { from: '2026-01-01', to: '2026-10-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
  });

  it('puts both ragged ends in edges, across a leap February and a year end', () => {
    expect(splitByMonths({ from: '2023-12-15', to: '2024-03-10' })).toEqual({
      months: { from: '2024-01-01', to: '2024-02-01' },
      edges: [
        { from: '2023-12-15', to: '2023-12-31' },
        { from: '2024-03-01', to: '2024-03-10' },
      ],
    });
  });

  it('leaves open ends open', () => {
    expect(splitByMonths({ from: null, to: '2026-11-25' })).toEqual({
      months: { from: null, to: '2026-10-01' },
      edges: [{ from: '2026-11-01', to: '2026-11-25' }],
    });
    expect(splitByMonths({ from: '2026-11-25', to: null })).toEqual({
      months: { from: '2026-12-01', to: null },
      edges: [{ from: '2026-11-25', to: '2026-11-30' }],
    });
  });

  it('treats a span that ends before the next whole month as days', () => {
    expect(splitByMonths({ from: '2026-10-02', to: '2026-11-29' })).toEqual({
      months: null,
      edges: [{ from: '2026-10-02', to: '2026-11-29' }],
    });
  });
});
