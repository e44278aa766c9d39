import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('runs offline on a fresh machine with nothing set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.database.kind).toBe('pglite');
    expect(c.ai.provider).toBe('offline');
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.eventBus).toBe('memory');
    expect(c.secureCookies).toBe(false);
    expect(c.requireEmailVerification).toBe(true);
    expect(publicConfig(c)).toMatchObject({ aiProvider: 'offline', mailMode: 'outbox', checkout: 'test', paypalPayouts: 'manual', aiVendor: null });
    // Without OPERATOR_NAME the Impressum says its data are placeholders of a test operation.
    expect(publicConfig(c).operator).toMatchObject({ name: 'akut (Testbetrieb)', configured: false, phone: null });
  });

  it('names the operator of the Impressum from the environment, and nothing secret goes to the browser', () => {
    const c = loadConfig({
      OPERATOR_NAME: 'Akut GmbH',
      OPERATOR_ADDRESS: 'Hauptstraße 5, 50667 Köln',
      OPERATOR_EMAIL: 'hallo@akut.example',
      OPERATOR_PHONE: '+49 221 123456',
      OPERATOR_REPRESENTATIVE: 'Erika Muster',
      OPERATOR_REGISTER: 'Amtsgericht Köln, HRB 12345',
      OPERATOR_VAT_ID: 'DE123456789',
      OPENAI_API_KEY: 'sk-secret',
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_WEBHOOK_SECRET: 'whsec_secret',
    });
    expect(publicConfig(c).operator).toEqual({
      name: 'Akut GmbH',
      address: 'Hauptstraße 5, 50667 Köln',
      email: 'hallo@akut.example',
      phone: '+49 221 123456',
      representative: 'Erika Muster',
      register: 'Amtsgericht Köln, HRB 12345',
      vatId: 'DE123456789',
      configured: true,
    });
    expect(publicConfig(c)).toMatchObject({ aiVendor: 'openai', checkout: 'stripe' });
    expect(JSON.stringify(publicConfig(c))).not.toMatch(/secret/);
    expect(() => loadConfig({ OPERATOR_EMAIL: 'no address' })).toThrow(/OPERATOR_EMAIL/);
  });

  it('switches to real components when configured', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgresql://u:p@db:5432/akut',
      OPENAI_BASE_URL: 'http://localhost:11434/v1',
      SMTP_URL: 'smtp://mail:25',
      APP_URL: 'https://akut.example',
    });
    expect(c.database).toEqual({ kind: 'postgres', url: 'postgresql://u:p@db:5432/akut' });
    expect(c.ai.provider).toBe('openai');
    expect(c.eventBus).toBe('postgres');
    expect(c.secureCookies).toBe(true);
    expect(c.trustedOrigins).toContain('https://akut.example');
  });

  it('turns the test checkout off in production unless TEST_CHECKOUT=on (its Goints are promotional)', () => {
    expect(loadConfig({}).testCheckout).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).testCheckout).toBe(false);
    expect(publicConfig(loadConfig({ NODE_ENV: 'production' })).checkout).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', TEST_CHECKOUT: 'on' }).testCheckout).toBe(true);
    expect(loadConfig({ TEST_CHECKOUT: 'off' }).testCheckout).toBe(false);
    expect(() => loadConfig({ TEST_CHECKOUT: 'yes' })).toThrow(/TEST_CHECKOUT/);
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ AI_PROVIDER: 'magic' })).toThrow(/AI_PROVIDER/);
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: '', SMTP_URL: ' ' });
    expect(c.database.kind).toBe('pglite');
    expect(c.ai.provider).toBe('offline');
    expect(c.mail.smtpUrl).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('trusts loopback proxies by default, the configured ones when set, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback');
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toBe('loopback, uniquelocal');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,172.16.0.0/12' }).trustProxy).toBe('10.0.0.0/8,172.16.0.0/12');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
