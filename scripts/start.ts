// `npm start`: build the web app if it is missing or stale, then run the server in this process.
import { buildWebIfStale } from './build-web';

await buildWebIfStale();
await import('../src/server/main');
