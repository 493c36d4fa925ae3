import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_PROVIDER, ENV_VARIABLES, loadConfig } from './env.ts';

const PROVIDER = {
  PROVIDER_NAME: 'KikStart Sports LLC',
  PROVIDER_ADDRESS: '500 Market St, San Francisco, CA 94105',
  PROVIDER_TAX_ID: '94-7654321',
};

describe('loadConfig', () => {
  it('defaults to the embedded demo', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      env: 'development',
      paymentGateway: 'sandbox',
      devConveniences: true,
      seedDemoAccounts: true,
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  it('names each bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
    }
  });

  it('refuses production without real services, naming what is missing', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toContain('PUBLIC_URL');
      expect(problems).toContain('SMTP_URL');
      expect(problems).toContain('STRIPE_SECRET_KEY');
      expect(problems).toContain('PROVIDER_NAME: required in production');
      expect(problems).toContain('PROVIDER_ADDRESS: required in production');
      expect(problems).toContain('PROVIDER_TAX_ID: required in production');
    }
  });

  it('names the statement provider from the environment, with demo values only outside production', () => {
    expect(loadConfig({}).provider).toEqual(DEMO_PROVIDER);
    const set = {
      PROVIDER_NAME: 'Bay Kids Sports LLC',
      PROVIDER_ADDRESS: '1 Main St, Oakland, CA 94607',
      PROVIDER_TAX_ID: '941234567',
    };
    expect(loadConfig(set).provider).toEqual({
      name: 'Bay Kids Sports LLC',
      address: '1 Main St, Oakland, CA 94607',
      taxId: '94-1234567',
    });
    expect(() => loadConfig({ PROVIDER_TAX_ID: '12-345' })).toThrow(/PROVIDER_TAX_ID: must be a US employer/);
    // Production without one of them refuses to start, naming only what is missing.
    try {
      loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://www.kikstart.example', ...set, PROVIDER_TAX_ID: ' ' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        expect.stringMatching(/^PROVIDER_TAX_ID: required in production/),
      ]);
    }
  });

  it('starts in production when configured, with the dev conveniences off', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.kikstart.example',
      SMTP_URL: 'smtps://u:p@smtp.kikstart.example:465',
      PAYMENT_GATEWAY: 'manual',
      ...PROVIDER,
    });
    expect(c.devConveniences).toBe(false);
    expect(c.seedDemoAccounts).toBe(false);
  });

  it('trusts no proxy unless told, so clients cannot choose their own IP', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  const PRODUCTION = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtps://u:p@smtp.kikstart.example:465',
    PAYMENT_GATEWAY: 'manual',
    ...PROVIDER,
  };

  it('refuses an http:// PUBLIC_URL in production, except for this machine', () => {
    for (const url of ['http://www.kikstart.example', 'http://10.0.0.5:3000', 'http://localhost.evil.example']) {
      expect(() => loadConfig({ ...PRODUCTION, PUBLIC_URL: url }), url).toThrow(
        /PUBLIC_URL: must start with https:\/\//,
      );
    }
    for (const url of [
      'https://www.kikstart.example',
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
    ]) {
      expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: url }).publicUrl, url).toBe(url);
    }
    // Outside production plain http is the normal local set-up.
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:3000' }).publicUrl).toBe('http://192.168.1.20:3000');
  });

  it('turns the dev mailbox on only when mail really stays in it (no SMTP, not production)', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).devMailbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://www.kikstart.example' }).devMailbox).toBe(false);
  });

  it('reads the monitoring DSN at run time and keeps only its origin for the CSP', () => {
    expect(loadConfig({}).monitoring).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: 'https://abc123@o4507.ingest.us.sentry.io/4508' }).monitoring).toEqual({
      dsn: 'https://abc123@o4507.ingest.us.sentry.io/4508',
      origin: 'https://o4507.ingest.us.sentry.io',
    });
    expect(() => loadConfig({ SENTRY_DSN: 'javascript:alert(1)' })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
  });

  it('keeps /metrics off unless a metrics token is set, and takes only a bearer-safe token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    const token = 'f3a9c1e07b5d42e8a6c4b2d0e9f71835';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    // A space or a quote could not travel in `Authorization: Bearer …` as one token.
    expect(() => loadConfig({ METRICS_TOKEN: 'a long enough token with spaces' })).toThrow(/METRICS_TOKEN/);
  });

  it('sets socket timeouts by default and checks the ones given', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 65_000,
      idleTimeoutMs: 75_000,
    });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '500' }).http).toMatchObject({
      requestTimeoutMs: 2000,
      headersTimeoutMs: 500,
    });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_IDLE_TIMEOUT_MS/);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '5000' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_MS/,
    );
  });
});

describe('.env.example', () => {
  it('documents every variable the API reads, and none it does not', () => {
    const example = readFileSync(join(import.meta.dirname, '../../../../.env.example'), 'utf8');
    const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    // The web app's build reads VITE_API_URL; the API does not.
    expect(documented.filter((name) => name !== 'VITE_API_URL').sort()).toEqual([...ENV_VARIABLES].sort());
  });
});
