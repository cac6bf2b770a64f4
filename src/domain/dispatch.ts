/** Dispatch: loading a day's ordered loaves for a distributor, recorded as that distributor's sales. */
import { z } from 'zod';
import { creditOverrideReason } from './credit';
import { breadType, day } from './fields';
import { noRepeatedBread, orderLoaves, REPEATED_BREAD } from './order-schemas';
import { loavesAvailableMessage, loavesValue } from './sales-schemas';
import { countOf } from './words';

/** What the clerk loads for one distributor: per bread, the loaves; a bread ordered but not listed loads none. */
export const dispatchSchema = z.strictObject({
  day: day('Day'),
  lines: z
    .array(z.strictObject({ recipeName: breadType, loaves: orderLoaves }))
    .max(200, { error: 'Too many breads' })
    .refine(noRepeatedBread, REPEATED_BREAD),
  /** Given by a manager to load beyond the distributor's credit limit (issue 19). */
  creditOverrideReason: creditOverrideReason.optional(),
});
export type DispatchInput = z.infer<typeof dispatchSchema>;

export const dispatchQuerySchema = z.strictObject({ day: day('Day').optional() });

export interface PlannedLine {
  recipeName: string;
  ordered: number;
  loaded: number;
  pricePerLoaf: number;
  value: number;
}

export interface FieldProblem {
  path: string;
  message: string;
  /** Fewer loaves left than loaded (409, as Record Sale); other problems are bad input. */
  short?: true;
}

export const noPriceMessage = (recipeName: string) =>
  `${recipeName} has no price: set one on Prices before dispatching it`;

/**
 * The lines a dispatch records, or every field refused. Loading more than was
 * ordered is refused (a bigger order is that day's change on Orders), as is
 * more than is available; a bread ordered without a price in force cannot be
 * dispatched, so the delivery note never shows a made-up price.
 */
export function planDispatch(input: {
  ordered: ReadonlyMap<string, number>;
  loading: DispatchInput['lines'];
  available: ReadonlyMap<string, number>;
  prices: ReadonlyMap<string, number | null>;
}): { lines: PlannedLine[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const loaded = new Map<string, number>();
  input.loading.forEach((line, index) => {
    const path = `lines.${index}.loaves`;
    const ordered = input.ordered.get(line.recipeName) ?? 0;
    const available = input.available.get(line.recipeName) ?? 0;
    if (line.loaves > ordered) {
      const message =
        ordered === 0
          ? `${line.recipeName} was not ordered`
          : `At most ${countOf(ordered, 'loaf')} of ${line.recipeName} were ordered`;
      problems.push({ path, message });
    } else if (line.loaves > available) {
      problems.push({
        path,
        message: loavesAvailableMessage(line.recipeName, available),
        short: true,
      });
    }
    loaded.set(line.recipeName, line.loaves);
  });
  const lines: PlannedLine[] = [];
  for (const [recipeName, ordered] of input.ordered) {
    if (ordered === 0) continue;
    const price = input.prices.get(recipeName) ?? null;
    if (price === null) {
      const index = input.loading.findIndex((line) => line.recipeName === recipeName);
      problems.push({
        path: index < 0 ? 'lines' : `lines.${index}`,
        message: noPriceMessage(recipeName),
      });
      continue;
    }
    const loaves = loaded.get(recipeName) ?? 0;
    lines.push({
      recipeName,
      ordered,
      loaded: loaves,
      pricePerLoaf: price,
      value: loavesValue(loaves, price),
    });
  }
  return { lines, problems };
}

/**
 * The loading list: per bread, loaves ordered by the day's notes, loaded by
 * those dispatched, still to load for the others, and left to sell now.
 */
export function loadingList(
  notes: readonly {
    dispatched: boolean;
    lines: readonly { recipeName: string; ordered: number; loaded: number | null }[];
  }[],
  available: ReadonlyMap<string, number>,
) {
  const breads = new Map<string, { ordered: number; loaded: number; toLoad: number }>();
  for (const { dispatched, lines } of notes) {
    for (const line of lines) {
      const bread = breads.get(line.recipeName) ?? { ordered: 0, loaded: 0, toLoad: 0 };
      bread.ordered += line.ordered;
      if (dispatched) bread.loaded += line.loaded ?? 0;
      else bread.toLoad += line.ordered;
      breads.set(line.recipeName, bread);
    }
  }
  return [...breads]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([recipeName, bread]) => ({
      recipeName,
      ...bread,
      available: available.get(recipeName) ?? 0,
    }));
}
