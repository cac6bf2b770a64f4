import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('READ_CACHE', () => {
  it('is on unless set to off', () => {
    expect(readConfig({}).readCache).toBe(true);
    expect(readConfig({ READ_CACHE: 'on' }).readCache).toBe(true);
    expect(readConfig({ READ_CACHE: 'off' }).readCache).toBe(false);
  });

  it('refuses anything but on or off', () => {
    expect(() => readConfig({ READ_CACHE: 'no' })).toThrow(
      'READ_CACHE must be on or off, not "no"',
    );
  });
});

describe('HTTPS_KEY_FILE and HTTPS_CERT_FILE', () => {
  const folder = mkdtempSync(join(tmpdir(), 'bakery-https-'));
  const key = join(folder, 'key.pem');
  const cert = join(folder, 'cert.pem');
  writeFileSync(key, 'key');
  writeFileSync(cert, 'cert');

  it('serve plain HTTP when neither is set', () => {
    expect(readConfig({}).https).toBeUndefined();
  });

  it('name the key and certificate the app serves HTTPS with', () => {
    expect(readConfig({ HTTPS_KEY_FILE: key, HTTPS_CERT_FILE: cert }).https).toEqual({
      keyFile: key,
      certFile: cert,
    });
  });

  it('are set together or not at all', () => {
    expect(() => readConfig({ HTTPS_KEY_FILE: key })).toThrow(
      'HTTPS_KEY_FILE and HTTPS_CERT_FILE must be set together, or neither',
    );
    expect(() => readConfig({ HTTPS_CERT_FILE: cert })).toThrow(
      'HTTPS_KEY_FILE and HTTPS_CERT_FILE must be set together, or neither',
    );
  });

  it('name files that exist', () => {
    const nowhere = join(folder, 'missing.pem');
    expect(() => readConfig({ HTTPS_KEY_FILE: nowhere, HTTPS_CERT_FILE: cert })).toThrow(
      `HTTPS_KEY_FILE names no file: "${nowhere}"`,
    );
    expect(() => readConfig({ HTTPS_KEY_FILE: key, HTTPS_CERT_FILE: nowhere })).toThrow(
      `HTTPS_CERT_FILE names no file: "${nowhere}"`,
    );
  });
});
