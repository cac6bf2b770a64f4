// `npm start`, first step: build the web app if it is missing or stale, and
// the server; package.json then runs the server with plain Node.
import { buildServer } from './build-server';
import { buildWebIfStale } from './build-web';

await buildWebIfStale();
await buildServer();
