import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('defaults to the embedded demo', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', env: 'development', paymentGateway: 'sandbox', devConveniences: true, seedDemoAccounts: true });
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
    }
  });

  it('starts in production when configured, with the dev conveniences off', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://www.kikstart.example',
      SMTP_URL: 'smtps://u:p@smtp.kikstart.example:465',
      PAYMENT_GATEWAY: 'manual',
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
});
