import { afterAll, expect } from 'vitest';

/**
 * node-postgres queues a query sent on a connection while another runs there,
 * with a deprecation warning (pg@9 will refuse it): inside a transaction, reads
 * must go one after another (src/server/db/reads-together.ts). Any test file
 * that makes it happen fails here. Node warns once per process, so it is the
 * first such file of a worker that fails.
 */
const overlapping: string[] = [];
process.on('warning', (warning) => {
  if (
    warning.name === 'DeprecationWarning' &&
    warning.message.includes('already executing a query')
  ) {
    overlapping.push(warning.message);
  }
});

afterAll(() => {
  expect(overlapping, 'a query was sent on a connection already running one').toEqual([]);
});
