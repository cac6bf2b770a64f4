import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { createTestApp, type TestApp, testConfig } from '../../support/test-app';

/** The installable app as the server hands it out (issue 20 item 1). */
let testApp: TestApp;
let webRoot: string;

beforeAll(async () => {
  testApp = await createTestApp();
  // A build's shape: the page, the service worker (and its brotli copy), the manifest, a hashed chunk.
  webRoot = mkdtempSync(join(tmpdir(), 'bakery-installable-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>BakeryPro</title>');
  writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(webRoot, 'manifest.webmanifest'), '{"name":"BakeryPro"}');
  writeFileSync(join(webRoot, 'assets', 'index-AbCd1234.js'), 'export {};');
});

afterAll(async () => {
  await testApp.close();
  rmSync(webRoot, { recursive: true, force: true });
});

async function withWebApp<T>(use: (app: TestApp['app']) => Promise<T>): Promise<T> {
  const app = await buildApp({ config: testConfig({ webRoot }), db: testApp.database.db });
  try {
    return await use(app);
  } finally {
    await app.close();
  }
}

describe('the installable app', () => {
  it('serves the service worker as JavaScript, revalidated on every visit', async () => {
    await withWebApp(async (app) => {
      const reply = await app.inject({ method: 'GET', url: '/sw.js' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      // A long-cached sw.js would keep an installed app on its old version.
      expect(reply.headers['cache-control']).toBe('no-cache');
    });
  });

  it('serves the manifest as a web app manifest, revalidated too', async () => {
    await withWebApp(async (app) => {
      const reply = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(reply.headers['cache-control']).toBe('no-cache');
    });
  });

  it('keeps hashed chunks a year, and answers an app route with the page', async () => {
    await withWebApp(async (app) => {
      const chunk = await app.inject({ method: 'GET', url: '/assets/index-AbCd1234.js' });
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await app.inject({ method: 'GET', url: '/sales' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    });
  });

  it('lets the page load its own worker and manifest, and nothing from elsewhere', async () => {
    await withWebApp(async (app) => {
      const reply = await app.inject({ method: 'GET', url: '/' });
      const csp = String(reply.headers['content-security-policy']);
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
    });
  });
});

describe('HTTPS served by the app itself (HTTPS_KEY_FILE, HTTPS_CERT_FILE)', () => {
  it('answers over TLS with the key and certificate it was given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'bakery-tls-'));
    const [key, cert] = [join(folder, 'key.pem'), join(folder, 'cert.pem')];
    // A self-signed pair, as `openssl` makes one for a bakery's own network.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    const app = await buildApp({
      config: testConfig({ https: { keyFile: key, certFile: cert } }),
      db: testApp.database.db,
    });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      expect(address).toMatch(/^https:\/\//);
      const answer = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
        // The certificate is its own authority: trusted here by name, as a phone would once told to.
        request(`${address}/api/app-info`, { ca: readFileSync(cert) }, (response) => {
          let body = '';
          response.on('data', (part) => {
            body += part;
          });
          response.on('end', () => resolve({ status: response.statusCode, body }));
        })
          .on('error', reject)
          .end();
      });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveProperty('timeZone');
    } finally {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
