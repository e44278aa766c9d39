// Issue 24: HSTS and upgrade-insecure-requests were sent on a plain-http APP_URL (in production), and no
// Permissions-Policy was sent. Both https-only headers follow APP_URL's scheme; the policy is sent always.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { PERMISSIONS_POLICY, securityHeaders } from '../../server/http/security.ts';

async function headersFor(env: Record<string, string>, dev = false): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(loadConfig(env), dev));
  app.get('/', (_req, res) => void res.send('ok'));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return res.headers;
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it.each([
    ['production', 'http://akut.local:3000'],
    ['production', 'http://localhost:3000'],
    ['test', 'http://127.0.0.1:3000'],
  ])('a plain-http APP_URL (%s, %s): no HSTS, no upgrade-insecure-requests', async (NODE_ENV, APP_URL) => {
    const h = await headersFor({ NODE_ENV, APP_URL });
    expect(h.get('strict-transport-security')).toBeNull();
    expect(h.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(h.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
  });

  it.each(['production', 'test'])('an https APP_URL (%s): HSTS for a year and upgrade-insecure-requests', async (NODE_ENV) => {
    const h = await headersFor({ NODE_ENV, APP_URL: 'https://akut.example' });
    expect(h.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(h.get('content-security-policy')).toMatch(/upgrade-insecure-requests/);
  });

  it('sends a Permissions-Policy that denies camera, microphone, location and payment and allows the clipboard to the app', async () => {
    for (const [env, dev] of [
      [{ APP_URL: 'http://localhost:3000' }, true],
      [{ APP_URL: 'https://akut.example', NODE_ENV: 'production' }, false],
    ] as const) {
      const policy = (await headersFor(env, dev)).get('permissions-policy');
      expect(policy).toBe(PERMISSIONS_POLICY);
      for (const denied of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(policy).toContain(denied);
      expect(policy).toContain('clipboard-write=(self)');
    }
  });
});
