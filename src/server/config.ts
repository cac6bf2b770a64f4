import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseTarget } from './db/connection';

export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded database; unused when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The business time zone: "today", weeks, months and report days are computed in it. */
  timeZone: string;
  /** When unset, a secret is generated once and kept in the database (app_settings). */
  sessionSecret: string | undefined;
  sessionIdleHours: number;
  /** A session ends this long after sign-in, however busy it has been. */
  sessionMaxDays: number;
  /**
   * Behind a TLS-terminating proxy: trust X-Forwarded-For/-Proto/-Host from it,
   * so cookies are marked Secure and the client address is the one the proxy
   * saw. false: ignore those headers; a number: that many proxy hops (true is
   * one); a string: the proxies' addresses or CIDR ranges, comma-separated.
   */
  trustProxy: boolean | number | string;
  logLevel: string;
  /** READ_CACHE=off: no read is kept between requests, to measure what reads cost without it. */
  readCache: boolean;
  /** The built web app; served when it exists. */
  webRoot: string;
  /**
   * HTTPS_KEY_FILE and HTTPS_CERT_FILE (PEM): the app serves HTTPS itself, which a
   * phone needs to install it and to keep working offline (browsers run service
   * workers only on secure pages). Unset: plain HTTP, as behind a TLS proxy.
   */
  https: { keyFile: string; certFile: string } | undefined;
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-NG', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `true` means one proxy hop, not "trust every X-Forwarded-For entry": a client
 * can put any address at the front of that header, and the proxy only appends
 * the one it saw. Trusting all of it would let a guesser pick a new address for
 * every try and slip past the per-address sign-in throttle.
 */
function readTrustProxy(value: string | undefined): boolean | number | string {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true') return 1;
  if (/^\d+$/.test(setting)) return Number(setting);
  const proxies = setting.split(',').map((entry) => entry.trim());
  const isAddress = (entry: string) =>
    ['loopback', 'linklocal', 'uniquelocal'].includes(entry) ||
    /^[0-9a-fA-F:.]+(\/\d+)?$/.test(entry);
  if (!proxies.every(isAddress)) {
    throw new Error(
      `TRUST_PROXY must be true, false, a number of proxies or their addresses, not "${value}"`,
    );
  }
  return proxies.join(',');
}

function readPort(value: string | undefined): number {
  const port = Number(value ?? 5000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${value}"`);
  }
  return port;
}

function readTimeZone(value: string | undefined): string {
  const timeZone = value || 'Africa/Lagos';
  if (!isValidTimeZone(timeZone))
    throw new Error(`BAKERY_TZ "${timeZone}" is not a known time zone`);
  return timeZone;
}

function readSessionSecret(value: string | undefined): string | undefined {
  const sessionSecret = value || undefined;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be at least 32 characters long');
  }
  return sessionSecret;
}

function readPositive(value: string | undefined, fallback: number, problem: string): number {
  const amount = Number(value ?? fallback);
  if (!(amount > 0)) throw new Error(problem);
  return amount;
}

function readReadCache(value: string | undefined): boolean {
  const readCache = value || 'on';
  if (readCache !== 'on' && readCache !== 'off') {
    throw new Error(`READ_CACHE must be on or off, not "${readCache}"`);
  }
  return readCache === 'on';
}

function readHttps(keyFile: string | undefined, certFile: string | undefined): AppConfig['https'] {
  if (!keyFile && !certFile) return undefined;
  if (!keyFile || !certFile) {
    throw new Error('HTTPS_KEY_FILE and HTTPS_CERT_FILE must be set together, or neither');
  }
  const missing = (file: string) => !existsSync(file);
  if (missing(keyFile)) throw new Error(`HTTPS_KEY_FILE names no file: "${keyFile}"`);
  if (missing(certFile)) throw new Error(`HTTPS_CERT_FILE names no file: "${certFile}"`);
  return { keyFile: resolve(keyFile), certFile: resolve(certFile) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = readPort(env.PORT);
  const timeZone = readTimeZone(env.BAKERY_TZ);
  const sessionSecret = readSessionSecret(env.SESSION_SECRET);
  const idleHours = readPositive(
    env.SESSION_IDLE_HOURS,
    12,
    'SESSION_IDLE_HOURS must be a positive number of hours',
  );
  const maxDays = readPositive(
    env.SESSION_MAX_DAYS,
    7,
    'SESSION_MAX_DAYS must be a positive number of days',
  );
  const readCache = readReadCache(env.READ_CACHE);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    timeZone,
    sessionSecret,
    sessionIdleHours: idleHours,
    sessionMaxDays: maxDays,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL || 'info',
    readCache,
    webRoot: resolve(env.WEB_ROOT || 'dist/web'),
    https: readHttps(env.HTTPS_KEY_FILE, env.HTTPS_CERT_FILE),
  };
}

/** The database the configuration names: PostgreSQL at DATABASE_URL, else the embedded one in DATA_DIR. */
export function databaseTarget(
  config: AppConfig,
  poolSize?: number,
): Exclude<DatabaseTarget, { kind: 'memory' }> {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize }
    : { kind: 'embedded', dataDir: config.dataDir };
}
