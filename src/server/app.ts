import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifySession from '@fastify/session';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installGuard } from './auth/guard';
import { LoginThrottle, type ThrottleLimits } from './auth/login-throttle';
import { resolveSessionSecret } from './auth/session-secret';
import { DatabaseSessionStore } from './auth/session-store';
import type { AppConfig } from './config';
import type { Database } from './db/connection';
import { ensureStarterData } from './db/starter-data';
import { forbidden } from './errors';
import { installErrorHandling } from './http-errors';
import { accountingRoutes } from './modules/accounting/routes';
import { adminRoutes } from './modules/admin/routes';
import { authRoutes } from './modules/auth/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { distributorRoutes } from './modules/distributors/routes';
import { inventoryRoutes } from './modules/inventory/routes';
import { productionRoutes } from './modules/production/routes';
import { productionHistoryRoutes } from './modules/production-history/routes';
import { purchaseOrderRoutes } from './modules/purchase-orders/routes';
import { recipeRoutes } from './modules/recipes/routes';
import { reportRoutes } from './modules/reports/routes';
import { salesRoutes } from './modules/sales/routes';
import { registerOpenApi } from './openapi';

export interface AppOptions {
  config: AppConfig;
  db: Database;
  logger?: boolean;
  throttle?: ThrottleLimits;
}

const SESSION_COOKIE = 'bakery.sid';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the whole HTTP application on an open, migrated database. Tests call it directly. */
export async function buildApp({ config, db, logger = false, throttle }: AppOptions) {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify's two lines per request are replaced by the one written below.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // One log line per request, written when the answer has gone out.
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
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
  installErrorHandling(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables in style attributes and tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // The bakery may serve plain HTTP on its own network; upgrading would break it.
        upgradeInsecureRequests: null,
      },
    },
  });

  await ensureStarterData(db);
  const idleMs = config.sessionIdleHours * 60 * 60 * 1000;
  const store = new DatabaseSessionStore(db, idleMs);
  await app.register(fastifyCookie);
  await app.register(fastifySession, {
    secret: await resolveSessionSecret(db, config.sessionSecret),
    cookieName: SESSION_COOKIE,
    store,
    saveUninitialized: false,
    // The guard refreshes the expiry itself, at most every 15 minutes, instead of a write per call.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: idleMs },
  });
  const sweep = setInterval(() => store.removeExpired().catch(() => {}), 60 * 60 * 1000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // A form or script on another site must not act with a signed-in user's cookie.
  // Ports are not compared: behind a TLS proxy the Host port and the Origin port differ.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (originHostname(origin) !== request.hostname) throw forbidden('Cross-site request refused');
  });

  installGuard(app, db);
  await registerOpenApi(app);
  authRoutes(app, {
    db,
    throttle: new LoginThrottle(throttle),
    timeZone: config.timeZone,
  });
  adminRoutes(app, { db });
  inventoryRoutes(app, { db });
  purchaseOrderRoutes(app, { db });
  recipeRoutes(app, { db });
  productionRoutes(app, { db, timeZone: config.timeZone });
  productionHistoryRoutes(app, { db, timeZone: config.timeZone });
  salesRoutes(app, { db });
  distributorRoutes(app, { db, timeZone: config.timeZone });
  accountingRoutes(app, { db, timeZone: config.timeZone });
  reportRoutes(app, { db, timeZone: config.timeZone });
  dashboardRoutes(app, { db, timeZone: config.timeZone });
  app.get('/api/openapi.json', () => app.swagger());
  serveWebApp(app, config.webRoot);
  return app;
}

function serveWebApp(app: FastifyInstance, webRoot: string) {
  const hasWebApp = existsSync(join(webRoot, 'index.html'));
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webRoot,
      index: 'index.html',
      setHeaders: (res, path) => {
        // Vite puts a content hash in every asset name, so they never change.
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
    return reply.code(404).send({ message: 'Not found' });
  });
}

function originHostname(origin: string): string | undefined {
  try {
    return new URL(origin).hostname;
  } catch {
    return undefined; // "null" (sandboxed frames, file://) or garbage: never same-origin.
  }
}

export type App = Awaited<ReturnType<typeof buildApp>>;
