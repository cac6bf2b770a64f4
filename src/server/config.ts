import { resolve } from 'node:path';

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
  /** Behind a TLS-terminating proxy: trust X-Forwarded-* so cookies are marked Secure. */
  trustProxy: boolean;
  logLevel: string;
  /** The built web app; served when it exists. */
  webRoot: string;
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-NG', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 5000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${env.PORT}"`);
  }
  const timeZone = env.BAKERY_TZ || 'Africa/Lagos';
  if (!isValidTimeZone(timeZone))
    throw new Error(`BAKERY_TZ "${timeZone}" is not a known time zone`);
  const sessionSecret = env.SESSION_SECRET || undefined;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    throw new Error('SESSION_SECRET must be at least 32 characters long');
  }
  const idleHours = Number(env.SESSION_IDLE_HOURS ?? 12);
  if (!(idleHours > 0)) throw new Error('SESSION_IDLE_HOURS must be a positive number of hours');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    timeZone,
    sessionSecret,
    sessionIdleHours: idleHours,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || 'info',
    webRoot: resolve(env.WEB_ROOT || 'dist/web'),
  };
}
