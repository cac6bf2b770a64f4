import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/**
 * The ceiling: a bare Node HTTP server answering a small JSON body, run in
 * its own process so that it competes for the CPU as the app server does.
 * With ANSWER_BYTES it answers that many bytes instead (marked gzip, as the
 * app's cached answers are): the load generator shares the machine, and
 * reading a 10 KB answer costs it several times a small one, so a read is
 * set against a bare server sending as many bytes. Random bytes, as gzip's
 * are: the load generator reads 10 KB of 'x' three times faster.
 */
const size = process.env.ANSWER_BYTES;
const body = size === undefined ? '{"ok":true}' : randomBytes(Number(size));
const headers: Record<string, string> = { 'content-type': 'application/json' };
if (size !== undefined) headers['content-encoding'] = 'gzip';
const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`listening ${address.port}\n`);
});
