const COUNT = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });

/** The plural of the nouns the app counts: loaf, batch, item, order… (last word of a phrase). */
function plural(noun: string): string {
  if (noun.endsWith('loaf')) return `${noun.slice(0, -1)}ves`;
  if (/(ch|sh|s|x)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** "1 loaf", "2 loaves", "3 completed batches": a count with its noun in agreement. */
export function countOf(count: number, singular: string): string {
  return `${COUNT.format(count)} ${count === 1 ? singular : plural(singular)}`;
}
