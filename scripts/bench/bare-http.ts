import { createServer } from 'node:http';

/**
 * The ceiling: a bare Node HTTP server answering a small JSON body, run in
 * its own process so that it competes for the CPU as the app server does.
 */
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"ok":true}');
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`listening ${address.port}\n`);
});
