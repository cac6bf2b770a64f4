import autocannon from 'autocannon';

export interface LoadResult {
  p50: number;
  p99: number;
  requestsPerSecond: number;
  errors: number;
  non2xx: number;
  /** Bytes per answer, headers included. */
  answerBytes: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  cookie?: string;
  method?: 'GET' | 'POST';
  /** A body per request, so that every sale is a fresh one. */
  body?: () => string;
}

/** Seconds of load before each measured run, not counted: the JIT and the caches settle. */
export const WARM_UP_SECONDS = 2;

/** autocannon against one URL, after a warm-up; latencies in milliseconds. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  await run({ ...options, seconds: WARM_UP_SECONDS });
  return run(options);
}

async function run(options: LoadOptions): Promise<LoadResult> {
  // What every browser sends: cached answers come back gzipped.
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br, zstd' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body) headers['content-type'] = 'application/json';
  const makeBody = options.body;
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? 'GET',
    headers,
    requests: makeBody
      ? [{ setupRequest: (request) => ({ ...request, body: makeBody() }) }]
      : undefined,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    requestsPerSecond: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    answerBytes: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  };
}
