import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answerThrough, contractOf } from './contract-route';
import { cachedGzip, cachedJson } from './read-cache';

/**
 * Answers that come from the read cache are serialized once per cached value,
 * and go out gzipped (also made once) to callers that take gzip: every
 * browser. Anything else is serialized as Fastify does, by its route's schema
 * if it has one.
 */
export function installCachedAnswers(app: FastifyInstance): void {
  const gzipFor = new WeakMap<FastifyRequest, object>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const schema = contractOf(request)?.response[reply.statusCode];
    const json = cachedJson(payload, (value) =>
      JSON.stringify(schema ? answerThrough(schema, value) : value),
    );
    if (json === undefined) return payload;
    reply.serializer(() => json);
    reply.header('vary', 'accept-encoding');
    if (takesGzip(request.headers['accept-encoding'])) gzipFor.set(request, payload as object);
    return payload;
  });
  // Swapped in only as the answer leaves, and only if it is still that value's
  // JSON: an error on the way answers with its own body, never a stale gzip.
  app.addHook('onSend', async (request, reply, payload) => {
    const value = gzipFor.get(request);
    if (value === undefined || payload !== cachedJson(value)) return payload;
    const gzip = cachedGzip(value);
    if (!gzip) return payload;
    reply.header('content-encoding', 'gzip');
    return gzip;
  });
}

/** Accept-Encoding names gzip without refusing it (q=0). */
export function takesGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [name, ...parameters] = entry.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name === 'gzip' && (q === undefined || Number(q.slice(2)) > 0);
  });
}
