import { buildWebIfStale } from '../../scripts/build-web';

/** The browser tests run against the built app. */
export default async function setup() {
  await buildWebIfStale();
}
