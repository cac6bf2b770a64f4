import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { adminApi, openApiDocumentSchema } from '../domain/contracts/admin';
import { installAnswerLimits } from './auth/answer-limits';
import { installGuard } from './auth/guard';
import { LoginThrottle, type ThrottleLimits } from './auth/login-throttle';
import { decoy } from './auth/password';
import { resolveSessionSecret } from './auth/session-secret';
import { DatabaseSessionStore } from './auth/session-store';
import { installSessions } from './auth/sessions';
import { installCachedAnswers } from './cached-answers';
import type { AppConfig } from './config';
import { serializerCompiler, serve } from './contract-route';
import type { Change, ChangeFeed, Database } from './db/connection';
import { requestScoped } from './db/request-transaction';
import { ensureStarterData } from './db/starter-data';
import { AppError } from './errors';
import { frameworkErrors, installErrorHandling } from './http-errors';
import { isSafeMethod } from './http-methods';
import { installIdempotency } from './idempotency';
import { accountingRoutes } from './modules/accounting/routes';
import { matchRollupTimeZone } from './modules/accounts/rollups';
import { adminRoutes } from './modules/admin/routes';
import { auditTrail } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { bakePlanRoutes } from './modules/bake-plan/routes';
import { creditRoutes } from './modules/credit/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { dispatchRoutes } from './modules/dispatch/routes';
import { distributorRoutes } from './modules/distributors/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { orderRoutes } from './modules/orders/routes';
import { pendingTransferRoutes } from './modules/pending-transfers/routes';
import { priceRoutes } from './modules/prices/routes';
import { productionRoutes } from './modules/production/routes';
import { productionHistoryRoutes } from './modules/production-history/routes';
import { purchaseOrderRoutes } from './modules/purchase-orders/routes';
import { receiptRoutes } from './modules/receipts/routes';
import { recipeRoutes } from './modules/recipes/routes';
import { reminderRoutes } from './modules/reminders/routes';
import { reportRoutes } from './modules/reports/routes';
import { salesRoutes } from './modules/sales/routes';
import { settlementRoutes } from './modules/settlement/routes';
import { statementLinkRoutes, withoutToken } from './modules/statement-links/routes';
import { wasteRoutes } from './modules/waste/routes';
import { registerOpenApi } from './openapi';
import { ReadCache } from './read-cache';
import { installSecurityHeaders } from './security-headers';

export interface AppOptions {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  /** Limits of the sign-in and registration throttle; each one left out is the default. */
  throttle?: Partial<ThrottleLimits>;
  /** How often expired sessions and old sign-in attempts are deleted (default 15 minutes). */
  sweepEveryMs?: number;
  /** Other app processes on the same database (PostgreSQL); none by default. */
  changes?: ChangeFeed;
  /**
   * How long a cached session or user may be kept without a write (default 10 s):
   * the bound for sign-in data changed outside the app, such as with psql.
   */
  signedInMaxAgeMs?: number;
  /** The clock of sessions and read caches (ms since the epoch): tests move one, not wait. */
  now?: () => number;
}

/**
 * Sign-in and administration are the only writes to what the sign-in cache
 * holds (sessions, users, their roles and rights); any other write changes data.
 */
const changeOf = (route: string | undefined): Change =>
  route === undefined || route.startsWith('/api/auth/') || route.startsWith('/api/admin/')
    ? 'sign-in'
    : 'data';

/** Builds the whole HTTP application on an open, migrated database. Tests call it directly. */
export async function buildApp({
  config,
  db: database,
  logger = false,
  throttle,
  sweepEveryMs = 15 * 60 * 1000,
  changes,
  signedInMaxAgeMs = 10_000,
  now = Date.now,
}: AppOptions) {
  // Every part of the app queries through this handle, so a write request's
  // queries all join its one transaction (src/server/db/request-transaction.ts).
  const db = requestScoped(database);
  const app = Fastify({
    // The key and certificate are read once, at start: a renewed pair needs a restart.
    https: config.https
      ? { key: readFileSync(config.https.keyFile), cert: readFileSync(config.https.certFile) }
      : null,
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    // Fastify's two lines per request are replaced by the one written below.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // One log line per request, written when the answer has gone out.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: withoutToken(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  // The API speaks JSON only; anything else is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so a cached full answer is trimmed before it could be sent whole.
  installAnswerLimits(app);
  installCachedAnswers(app);
  installErrorHandling(app);

  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No 'unsafe-inline' for scripts: the built index.html loads only /assets files.
        // Styles need it: Mantine writes <style> tags and style="--var: …" attributes
        // at run time, whose values no hash or nonce can cover. Injected CSS cannot
        // run code, and React escapes text, so no one can inject the markup it needs.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The offline service worker (/sw.js) and the installed app's manifest.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The bakery may serve plain HTTP on its own network; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin pages send their URL as Referer (the cross-site check can use
    // it); other sites get nothing, so no record id leaves the bakery.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });

  await ensureStarterData(db);
  // The roll-ups' days must be BAKERY_TZ's: after a change of zone they are rebuilt.
  const rollups = await matchRollupTimeZone(db, config.timeZone);
  if (rollups.rebuilt) {
    app.log.warn(
      `Roll-ups rebuilt in ${config.timeZone} (they were in ${rollups.was ?? 'no recorded time zone'})`,
    );
  }
  // Hash the decoy now, so the first unknown username is not the one that pays for it.
  await decoy();
  const idleMs = config.sessionIdleHours * 60 * 60 * 1000;
  // A write empties the read cache here and in every other process before its
  // answer goes out, so whoever wrote reads their own change. A write to sign-in
  // or administration also empties the sign-in cache, so a user's changed rights
  // or deactivation apply at their next call; a sale, a payment or a return
  // leaves it, or every call after one would read its session, user and rights
  // again (three queries; measured in docs/decisions.md).
  const cache = new ReadCache({ enabled: config.readCache, now });
  const signedIn = new ReadCache({ maxAgeMs: signedInMaxAgeMs, enabled: config.readCache, now });
  const forgetCachedReads = (change: Change) => {
    cache.invalidate();
    if (change === 'sign-in') signedIn.invalidate();
  };
  await changes?.subscribe(forgetCachedReads);
  app.addHook('onSend', async (request, reply, payload) => {
    // A refused write (4xx) changed nothing, and must not let anyone empty the
    // caches of every process at will; a 500 may have come after a commit.
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (!isSafeMethod(request.method) && !refused) {
      const change = changeOf(request.routeOptions.url);
      forgetCachedReads(change);
      changes?.announce(change);
    }
    return payload;
  });
  const store = new DatabaseSessionStore(db, signedIn, now);
  await app.register(fastifyCookie, {
    secret: await resolveSessionSecret(db, config.sessionSecret),
  });
  const sessions = installSessions(app, {
    store,
    idleMs,
    maxMs: config.sessionMaxDays * 24 * 60 * 60 * 1000,
    now,
  });
  const loginThrottle = new LoginThrottle(db, throttle);
  // Every app process sweeps; the deletes are idempotent, so they need no coordination.
  const sweep = setInterval(() => {
    store.removeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep'));
    loginThrottle.prune().catch((error: unknown) => app.log.warn({ err: error }, 'throttle sweep'));
  }, sweepEveryMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // A form or script on another site must not act with a signed-in user's cookie
  // (SECURITY.md). Every write must name this site in Origin, or, when a browser
  // sends no Origin, in Referer. Calls with neither come from no browser (scripts,
  // integrations) and carry no cookie of a visitor's. Host names are compared,
  // not ports or schemes: cookies are shared by every port of a host anyway, and
  // behind a TLS proxy the Host port and the Origin port differ.
  app.addHook('onRequest', async (request) => {
    if (isSafeMethod(request.method)) return;
    const source = request.headers.origin ?? request.headers.referer;
    if (source === undefined) return;
    if (hostnameOf(source) !== request.hostname.toLowerCase()) {
      throw new AppError('CROSS_SITE_REFUSED', 'Cross-site request refused');
    }
  });

  installGuard(app, { db, sessions, signedIn });
  await registerOpenApi(app);
  // Before the audit recorder, whose transaction then holds the key's check and row (issue 20).
  installIdempotency(app, db);
  // After the guard (the caller is known) and before the routes: records every write.
  auditTrail(app, { db, timeZone: config.timeZone });
  authRoutes(app, {
    db,
    throttle: loginThrottle,
    timeZone: config.timeZone,
    sessions,
  });
  adminRoutes(app, { db });
  inventoryRoutes(app, { db, cache });
  purchaseOrderRoutes(app, { db, timeZone: config.timeZone });
  recipeRoutes(app, { db });
  productionRoutes(app, { db, timeZone: config.timeZone });
  productionHistoryRoutes(app, { db, timeZone: config.timeZone });
  bakePlanRoutes(app, { db, timeZone: config.timeZone, now });
  salesRoutes(app, { db, cache, timeZone: config.timeZone, now });
  priceRoutes(app, { db, timeZone: config.timeZone, now });
  distributorRoutes(app, { db, timeZone: config.timeZone, now });
  creditRoutes(app, { db, timeZone: config.timeZone, now });
  reminderRoutes(app, { db, timeZone: config.timeZone, now });
  receiptRoutes(app, { db, timeZone: config.timeZone });
  pendingTransferRoutes(app, { db });
  orderRoutes(app, { db, timeZone: config.timeZone, now });
  dispatchRoutes(app, { db, timeZone: config.timeZone, now });
  settlementRoutes(app, { db, timeZone: config.timeZone, now });
  wasteRoutes(app, { db, timeZone: config.timeZone, now });
  await statementLinkRoutes(app, { db, timeZone: config.timeZone, now });
  accountingRoutes(app, { db, timeZone: config.timeZone, cache });
  reportRoutes(app, { db, timeZone: config.timeZone, cache });
  dashboardRoutes(app, { db, timeZone: config.timeZone, cache, now });
  notificationRoutes(app, { db, timeZone: config.timeZone });
  // @fastify/swagger types the document as any OpenAPI version's: read it as the contract describes it.
  serve(app, adminApi.openApi, async () => openApiDocumentSchema.parse(app.swagger()));
  serveWebApp(app, config.webRoot);
  return app;
}

function serveWebApp(app: FastifyInstance, webRoot: string) {
  const hasWebApp = existsSync(join(webRoot, 'index.html'));
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      // The build writes .br and .gz beside each text file (vite.config.ts).
      preCompressed: true,
      // The build's .vite/manifest.json is for the bundle benchmark, not for browsers.
      dotfiles: 'ignore',
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so they never change. The rest
        // (index.html, the service worker sw.js, its manifest, the icons) is revalidated
        // each time: a new sw.js is how an installed app learns of a new version.
        res.header(
          'Cache-Control',
          path.includes(`${join('/', 'assets', '/')}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage && hasWebApp) {
      // Client-side routes (/inventory, /admin, unknown pages) all get the app.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}

function hostnameOf(originOrUrl: string): string | undefined {
  try {
    return new URL(originOrUrl).hostname;
  } catch {
    return undefined; // "null" (sandboxed frames, file://) or garbage: never same-origin.
  }
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that
 * many hops from this server: Fastify's own numeric setting trusts no
 * X-Forwarded-Proto/-Host at all, and `true` would trust addresses a client wrote.
 */
function fastifyTrustProxy(setting: AppConfig['trustProxy']) {
  if (setting === false) return false;
  const hops = setting === true ? 1 : setting;
  if (typeof hops === 'number') return (_address: string, hop: number) => hop < hops;
  return hops;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
