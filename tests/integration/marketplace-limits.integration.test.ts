// Limits around the marketplace that keep it honest: 'Nachfragen' (per-person limit, no clickable links from
// strangers, Reply-To only to a verified address), a sane maximum offer price, public figures from completed
// deals only, and an unlock quote that says when a request takes no more unlocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { clientAs } from '../helpers/auth.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';

let app: TestApp;
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const as = (user: { email: string; password: string }) => clientAs(app, user);

/** A request with an offer and a deal in the given status (made directly: only the reading side is tested here). */
async function dealFor(status: 'completed' | 'awaiting_both', valueCents: number, contactVisible = true) {
  const provider = await createProvider(app.deps, { firmenname: `Betrieb ${valueCents}` });
  const seeker = await createSeeker(app.deps.db.prisma);
  const request = await createReleasedRequest(app.deps, seeker.id);
  const offer = await app.deps.db.prisma.offer.create({
    data: {
      requestId: request.id,
      providerId: provider.user.id,
      priceCents: valueCents,
      beschreibung: 'Reparatur mit Material',
      verfuegbarkeit: 'morgen',
      status: 'angenommen',
    },
  });
  const deal = await app.deps.db.prisma.deal.create({
    data: {
      requestId: request.id,
      offerId: offer.id,
      providerId: provider.user.id,
      seekerId: seeker.id,
      valueCents,
      status,
      completedAt: status === 'completed' ? new Date() : null,
      providerContactVisible: contactVisible,
    },
  });
  return { deal, provider, seeker, request, offer };
}

async function waitForMail(to: string) {
  for (let i = 0; i < 200 && !received.some((m) => m.to.includes(to)); i++) await new Promise((r) => setTimeout(r, 20));
  return received.filter((m) => m.to.includes(to)).at(-1)!;
}

const header = (raw: string, name: string) => new RegExp(`^${name}:`, 'im').test(raw.split('\r\n\r\n')[0]!);

describe("'Nachfragen'", () => {
  it('sends a stranger’s links as plain text, never clickable, and sets Reply-To only for the verified account address', async () => {
    const { deal, provider } = await dealFor('completed', 50_000);
    const asker = await createSeeker(app.deps.db.prisma);
    const c = await as(asker);
    const message = 'Hallo! Preise hier: https://evil.example/login?x=1 und www.phish.example/a oder bank-login.example';
    const typed = await c.post<{ recipients: number }>(`/api/successful-deals/${deal.id}/inquiries`, { email: 'irgendwer@fremd.example', message });
    expect(typed.status).toBe(201);
    const first = await waitForMail(provider.user.email);
    // An address the asker only typed is shown, but replies do not go to it by one click.
    expect(header(first.raw, 'Reply-To')).toBe(false);
    const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({
      where: { to: provider.user.email, template: 'dealInquiry' },
      orderBy: { createdAt: 'desc' },
    });
    for (const body of [row.text, row.html]) {
      expect(body).not.toMatch(/https?:\/\/evil/);
      expect(body).not.toMatch(/evil\.example|phish\.example|bank-login\.example/);
      expect(body).toContain('evil[.]example');
    }
    expect(row.html).not.toMatch(/href="[^"]*evil/);

    received.length = 0;
    const own = await c.post(`/api/successful-deals/${deal.id}/inquiries`, { email: asker.email, message: 'Wie lange hat es gedauert?' });
    expect(own.status).toBe(201);
    const second = await waitForMail(provider.user.email);
    expect(second.raw).toMatch(new RegExp(`^Reply-To: ${asker.email.replace(/[.+]/g, '\\$&')}`, 'im'));

    // The same account address, but not verified: no Reply-To.
    const unverified = await createSeeker(app.deps.db.prisma, { emailVerified: false });
    await app.deps.db.prisma.user.update({ where: { id: unverified.id }, data: { emailVerified: true } });
    const cu = await as(unverified);
    await app.deps.db.prisma.user.update({ where: { id: unverified.id }, data: { emailVerified: false } });
    // Changed behind the app's back: its session cache hears of it by the database's event (decision 048).
    await app.settle();
    received.length = 0;
    expect((await cu.post(`/api/successful-deals/${deal.id}/inquiries`, { email: unverified.email, message: 'Noch eine Frage' })).status).toBe(201);
    expect(header((await waitForMail(provider.user.email)).raw, 'Reply-To')).toBe(false);
  });

  it('takes at most 5 inquiries per person and hour, then answers 429 with a translated message', async () => {
    const { deal } = await dealFor('completed', 40_000);
    const asker = await createSeeker(app.deps.db.prisma);
    const c = await as(asker);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await c.post(`/api/successful-deals/${deal.id}/inquiries`, { email: asker.email, message: `Frage ${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const sixth = await c.post<{ error: { code: string; message: string } }>(`/api/successful-deals/${deal.id}/inquiries`, {
      email: asker.email,
      message: 'Frage 6',
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('INQUIRY_LIMIT');
    expect(sixth.body.error.message).toMatch(/Nachfragen/);
    c.lang = 'en';
    const en = await c.post<{ error: { message: string } }>(
      `/api/successful-deals/${deal.id}/inquiries`,
      { email: asker.email, message: 'Frage 7' },
      { 'x-akut-lang': 'en' },
    );
    expect(en.body.error.message).toMatch(/questions/);
    expect(await app.deps.db.prisma.dealInquiry.count({ where: { inquirerId: asker.id } })).toBe(5);
    // Someone else may still ask.
    const other = await as(await createSeeker(app.deps.db.prisma));
    expect((await other.post(`/api/successful-deals/${deal.id}/inquiries`, { email: 'x@example.com', message: 'Frage' })).status).toBe(201);
  });
});

describe('offer prices and the public figures', () => {
  it('refuses an offer above 100,000 € with a translated field error', async () => {
    const provider = await createProvider(app.deps);
    const c = await as(provider.user);
    const body = { requestId: crypto.randomUUID(), price: 100_000.01, beschreibung: 'Komplettsanierung des Hauses', verfuegbarkeit: 'sofort' };
    const res = await c.post<{ error: { code: string; fields: { path: string; code: string; message: string }[] } }>('/api/provider/offers', body);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual([{ path: 'body.price', code: 'too_big', message: 'Zu lang oder zu groß.' }]);
  });

  it('sums only completed deals into the public volume', async () => {
    const before = (await app.client().get<{ summary: { volumeCents: number; count: number } }>('/api/successful-deals')).body.summary;
    await dealFor('completed', 12_345);
    await dealFor('awaiting_both', 9_000_000);
    const after = (await app.client().get<{ summary: { volumeCents: number; count: number } }>('/api/successful-deals')).body.summary;
    expect(after.volumeCents - before.volumeCents).toBe(12_345);
    expect(after.count - before.count).toBe(1);
  });
});

describe('unlock quote', () => {
  it('says available: false with the reason for a sold-out, an in-deal and a closed request', async () => {
    // Another place and category than the other tests' providers, so this provider is matched to each request.
    const where = { categories: ['auto' as const], postcode: '80331' };
    const provider = await createProvider(app.deps, where);
    const c = await as(provider.user);
    // One seeker each: the pre-filter holds a seeker's near-duplicate requests.
    const released = async () =>
      createReleasedRequest(app.deps, (await createSeeker(app.deps.db.prisma)).id, {
        kategorie: 'auto',
        postcode: '80331',
        beschreibung: 'Das Auto springt nicht an, die Batterie ist wohl leer und muss getauscht werden.',
      });
    const quote = async (id: string) => (await c.get<{ available: boolean; reason: string | null }>(`/api/provider/requests/${id}/unlock-quote`)).body;

    const open = await released();
    expect(await quote(open.id)).toMatchObject({ available: true, reason: null });

    const soldOut = await released();
    await app.deps.db.prisma.request.update({ where: { id: soldOut.id }, data: { unlockCount: 5, maxUnlocks: 5 } });
    expect(await quote(soldOut.id)).toMatchObject({ available: false, reason: 'soldOut' });

    const inDeal = await released();
    const other = await createProvider(app.deps, where);
    const offer = await app.deps.db.prisma.offer.create({
      data: { requestId: inDeal.id, providerId: other.user.id, priceCents: 10_000, beschreibung: 'Reparatur', verfuegbarkeit: 'morgen', status: 'angenommen' },
    });
    await app.deps.db.prisma.request.update({ where: { id: inDeal.id }, data: { acceptedOfferId: offer.id } });
    expect(await quote(inDeal.id)).toMatchObject({ available: false, reason: 'inDeal' });

    const closed = await released();
    await app.deps.db.prisma.request.update({ where: { id: closed.id }, data: { status: 'closed', closedAt: new Date() } });
    expect(await quote(closed.id)).toMatchObject({ available: false, reason: 'closed' });
  });
});
