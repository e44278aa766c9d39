// Browser-test fixtures: the project's language, a console-error trap (any console error fails the test
// unless the test declares it expected), an admin API client for reading the mail outbox, and the mails'
// links from the server log (account links are never kept in the outbox).
import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createOTP } from '@better-auth/utils/otp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_ADMIN, E2E_ADMIN_BACKUP_CODES, E2E_CLAIMS_DIR, E2E_MAIL_LINKS, E2E_PASSWORD, E2E_PORT, E2E_URL } from './e2e-env.ts';

export type Lang = 'de' | 'en';

export type E2eAdmin = { email: string; totpRawSecret: string };

export function adminTotpUri(admin: E2eAdmin = E2E_ADMIN): string {
  return createOTP(admin.totpRawSecret).url('akut', admin.email);
}

export function totpFromUri(uri: string): string {
  return OTPAuth.URI.parse(uri).generate();
}

export function totpFromSecret(base32: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(base32), digits: 6, period: 30 }).generate();
}

/** Takes a one-time thing for this process: true for exactly one of the run's worker processes. */
function claim(name: string): boolean {
  try {
    fs.mkdirSync(path.join(E2E_CLAIMS_DIR, name));
    return true;
  } catch {
    return false;
  }
}

/**
 * Signs a request context (a page's, a window's or a bare one) in as the test admin, with a backup code of its
 * own as the second factor (a TOTP code works once, decision 074). Two workers spending a code at the same
 * moment may meet better-auth's check of the code list (409): the sign-in starts again with the next code.
 */
export async function signInAdmin(request: APIRequestContext, admin: E2eAdmin = E2E_ADMIN): Promise<void> {
  let last = '';
  for (const code of E2E_ADMIN_BACKUP_CODES) {
    // Each admin has the same list of codes; a code is spent per admin.
    if (!claim(`backup-${admin.email}-${code}`)) continue;
    const signIn = await request.post('/api/auth/sign-in/email', { headers: { origin: E2E_URL }, data: { email: admin.email, password: E2E_PASSWORD } });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const second = await request.post('/api/auth/two-factor/verify-backup-code', { headers: { origin: E2E_URL }, data: { code } });
    if (second.ok()) return;
    last = `${second.status()} ${await second.text()}`;
    if (second.status() !== 409) break;
  }
  throw new Error(`the admin's second factor failed: ${last || 'no backup code left'}`);
}

/**
 * A TOTP code of the test admin that no other sign-in of this run used: the server accepts each code once and
 * none older than the last (decision 074). Call inside exclusive('admin-totp'), so codes reach the server in
 * the order they were taken; when the current and the next step are both used, this waits for the clock.
 */
export async function freshAdminTotp(): Promise<string> {
  const totp = OTPAuth.URI.parse(adminTotpUri()) as OTPAuth.TOTP;
  const file = path.join(E2E_CLAIMS_DIR, 'admin-totp-step');
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const last = Number(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '0');
    const step = Math.max(now, last + 1);
    if (step <= now + 1) {
      fs.writeFileSync(file, String(step));
      return totp.generate({ timestamp: step * 30_000 });
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 20));
  }
}

async function adminApi(): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: E2E_URL, extraHTTPHeaders: { origin: E2E_URL } });
  await signInAdmin(ctx);
  return ctx;
}

/** The newest mail to this address (waits for it), read through the admin API like an admin in the app. */
export async function latestMail(to: string, template?: string): Promise<{ subject: string; text: string }> {
  const api = await adminApi();
  try {
    for (let i = 0; i < 50; i++) {
      const res = await api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}&limit=10`);
      expect(res.ok()).toBe(true);
      const { mails } = (await res.json()) as { mails: { subject: string; text: string; template: string }[] };
      const mail = mails.find((m) => !template || m.template === template);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail to ${to}`);
  } finally {
    await api.dispose();
  }
}

/**
 * The newest link mailed to this address (waits for it), as the server logged it: the way a developer on the
 * offline default confirms an account, since the outbox keeps account mails without their link.
 */
export async function mailedLink(to: string, template: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(E2E_MAIL_LINKS) ? fs.readFileSync(E2E_MAIL_LINKS, 'utf8').split('\n').filter(Boolean) : [];
    const found = lines.map((l) => JSON.parse(l) as { to: string; template: string; url: string }).findLast((m) => m.to === to && m.template === template);
    if (found) return found.url;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${template} link for ${to} in the server log`);
}

export const test = base.extend<{ lang: Lang }>({
  lang: async ({}, use, testInfo) => {
    await use((testInfo.project.metadata as { lang: Lang }).lang);
  },
  page: async ({ page, lang }, use, testInfo) => {
    const errors: string[] = [];
    const allowed: RegExp[] = [];
    (testInfo as unknown as { allowed: RegExp[] }).allowed = allowed;
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
    });
    page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
    // The UI language comes from ?lng / localStorage first: set it like a returning visitor would have it.
    await page.addInitScript((l) => {
      if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l);
    }, lang);
    // A public page arrives rendered from the server and is interactive once hydrated (decision 037): like a
    // person who waits for the page, a test's first click comes after that.
    const untilHydrated = () => page.waitForFunction(() => !document.querySelector('#root[data-ns]') || document.documentElement.dataset.hydrated === 'true');
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await untilHydrated();
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await untilHydrated();
      return response;
    };
    await use(page);
    const unexpected = errors.filter((e) => !allowed.some((a) => a.test(e)));
    expect(unexpected, 'console errors in the browser').toEqual([]);
  },
});

/** Declares console errors the test expects (e.g. the browser's log line for a deliberate 401). */
export function allowConsoleErrors(pattern: RegExp) {
  const info = test.info() as unknown as { allowed?: RegExp[] };
  info.allowed?.push(pattern);
}

export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/**
 * Signs up through the API of the page's browser context and confirms the e-mail with the link from the server
 * log, so the page is signed in as a fresh verified user of that role.
 */
export async function signUpVerified(page: Page, role: 'seeker' | 'provider', lang: Lang) {
  const email = `e2e-${role}-${lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const r = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: E2E_PASSWORD, name: role === 'provider' ? 'Erika Anbieterin' : 'Sam Seeker', role, locale: lang },
    headers: { origin: E2E_URL },
  });
  expect(r.ok(), await r.text()).toBe(true);
  const v = await page.request.get(await mailedLink(email, 'verifyEmail'));
  expect(v.ok()).toBe(true);
  return { email };
}

/**
 * The two language projects share one server: tests that change shared state (a SEPA file takes every approved
 * bank payout; platform settings) take turns (a lock directory in the temp folder, per test server).
 */
export async function exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = path.join(os.tmpdir(), `akut-e2e-${E2E_PORT}-${name}.lock`);
  for (let waited = 0; ; waited += 200) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch {
      // A lock older than three minutes was left by a crashed run.
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000) fs.rmSync(dir, { recursive: true, force: true });
      if (waited > 150_000) throw new Error(`lock ${name} not free`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A second browser window signed in as the admin with TOTP; it fails on console errors like the fixture. */
export async function adminWindow(browser: Browser, lang: Lang, admin: E2eAdmin = E2E_ADMIN, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB', baseURL: E2E_URL, ...(viewport ? { viewport } : {}) });
  await context.addInitScript((l) => localStorage.setItem('i18nextLng', l), lang);
  await signInAdmin(context.request, admin);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

export { expect };

/** The address of a source module's built chunk, from the Vite manifest (chunks are named by their hash, decision 055). */
export function builtChunk(source: string): RegExp {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`${source} is not in the build's manifest`);
  return new RegExp(`/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}
