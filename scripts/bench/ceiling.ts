import { load } from './load';
import { startProcess } from './processes';

export interface Ceiling {
  requestsPerSecond: number;
  /** Bytes per answer, headers included. */
  answerBytes: number;
}

/** The bare server's default body, `{"ok":true}`. */
export const SMALL_BODY_BYTES = 11;

/**
 * The bare Node HTTP server (bare-http.ts) under a load like the app's: its
 * small answer, or `bodyBytes` of body.
 */
export async function measureCeiling(
  shape: { connections: number; seconds: number },
  bodyBytes?: number,
): Promise<Ceiling> {
  const env = bodyBytes === undefined ? {} : { ANSWER_BYTES: String(bodyBytes) };
  const bare = await startProcess('scripts/bench/bare-http.ts', env, '/');
  try {
    return await load({ url: `${bare.baseUrl}/`, ...shape });
  } finally {
    await bare.stop();
  }
}
