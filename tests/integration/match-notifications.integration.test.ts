// Matching never waits for mail (issue 23, decision 078): matchRequest writes the matches, marks them as
// waiting to be told and returns; one job `notify-matches` per request, after the commit, tells every new
// provider live (one statement for all events) and by e-mail in the provider's language, each once: a second
// run of the job (a retry), two runs at once, or the sweep after a job that never got into the queue tell
// nobody twice. Matches from a new provider's backfill are not mailed. PGlite and PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createProvider, createSeeker } from '../factories/marketplace.ts';
import { matchRequest } from '../../server/domain/matching/match-request.ts';
import { NOTIFY_MATCHES_JOB, notifyNewMatches, notifyOverdueMatches } from '../../server/domain/matching/notify-new-matches.ts';
import { coordinatesOf, placeOfPostcode } from '../../server/integrations/geo/postcodes.ts';
import type { BusEvent } from '../../server/realtime/bus.ts';

let app: TestApp;
const events: BusEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  app.deps.bus.subscribe((e) => events.push(e));
});
afterAll(async () => {
  await app?.close();
});

async function openRequest(seekerId: string, postcode: string) {
  const at = coordinatesOf(postcode, null)!;
  return app.deps.db.prisma.request.create({
    data: {
      userId: seekerId,
      sourceKey: `notify:${crypto.randomUUID()}`,
      firstName: 'Sam',
      kategorie: 'auto',
      beschreibung: 'Winterreifen wechseln und einlagern, Kombi, am liebsten noch diese Woche.',
      postcode,
      ort: placeOfPostcode(postcode),
      lat: at.lat,
      lon: at.lon,
      budgetMax: 200,
      dringlichkeit: 'dringend',
      status: 'open',
      expiresAt: new Date(Date.now() + 14 * 86_400_000),
    },
  });
}

const mailsTo = (emails: string[]) =>
  app.deps.db.prisma.mailOutbox.findMany({ where: { to: { in: emails }, template: 'newMatch' }, select: { to: true, subject: true } });
const told = (since: number, requestId: string) =>
  events.slice(since).filter((e) => e.type === 'match.created' && (e.payload as { requestId?: string }).requestId === requestId);
const queued = async () =>
  (await app.deps.db.prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${NOTIFY_MATCHES_JOB} AND state = 'created'`)[0]!.n;

describe('notifications of new matches', () => {
  it('go out after matching returns, from one job, to each provider once, in their language', async () => {
    const providers = await Promise.all(
      (['de', 'en', 'de'] as const).map((locale) => createProvider(app.deps, { categories: ['auto'], postcode: '99084', radiusKm: 20, user: { locale } })),
    );
    const emails = providers.map((p) => p.user.email);
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await openRequest(seeker.id, '99084');
    const since = events.length;

    expect(await matchRequest(app.deps, r.id)).toBe(3);
    // Matching has returned: the matches are written and wait; nobody has been told yet; one job is in line.
    expect(await app.deps.db.prisma.match.count({ where: { requestId: r.id, notifyPending: true } })).toBe(3);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } })).notifyAfter).not.toBeNull();
    expect(await mailsTo(emails)).toEqual([]);
    expect(told(since, r.id)).toEqual([]);
    expect(await queued()).toBe(1n);

    await app.settle(); // runs the queued job, then waits for the events
    const matches = await app.deps.db.prisma.match.findMany({ where: { requestId: r.id } });
    expect(
      told(since, r.id)
        .map((e) => e.to.userId)
        .sort(),
    ).toEqual(providers.map((p) => p.user.id).sort());
    for (const e of told(since, r.id)) expect(e.payload).toEqual({ matchId: matches.find((m) => m.providerId === e.to.userId)!.id, requestId: r.id });
    const mails = await mailsTo(emails);
    expect(mails.map((m) => m.to).sort()).toEqual([...emails].sort());
    expect(mails.find((m) => m.to === providers[1]!.user.email)!.subject).toMatch(/^New matching request: Cars in /);
    expect(mails.find((m) => m.to === providers[0]!.user.email)!.subject).toMatch(/^Neue passende Anfrage/);
    expect(await app.deps.db.prisma.match.count({ where: { requestId: r.id, notifyPending: true } })).toBe(0);
    expect((await app.deps.db.prisma.request.findUniqueOrThrow({ where: { id: r.id } })).notifyAfter).toBeNull();

    // The job again (a retry after a failure part-way), and twice at once: nobody is told twice.
    const again = events.length;
    expect(await Promise.all([notifyNewMatches(app.deps, r.id), notifyNewMatches(app.deps, r.id)])).toEqual([0, 0]);
    await app.settle();
    expect(told(again, r.id)).toEqual([]);
    expect(await mailsTo(emails)).toHaveLength(3);

    // Matching again finds nobody new and queues nothing.
    expect(await matchRequest(app.deps, r.id)).toBe(0);
    expect(await queued()).toBe(0n);
  });

  it('two runs at once tell each waiting provider once', async () => {
    const providers = await Promise.all([1, 2, 3, 4].map(() => createProvider(app.deps, { categories: ['auto'], postcode: '39104', radiusKm: 20 })));
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await openRequest(seeker.id, '39104');
    const since = events.length;
    expect(await matchRequest(app.deps, r.id)).toBe(4);
    const [a, b] = await Promise.all([notifyNewMatches(app.deps, r.id), notifyNewMatches(app.deps, r.id)]);
    expect(a + b).toBe(4);
    await app.settle();
    expect(told(since, r.id)).toHaveLength(4);
    expect(await mailsTo(providers.map((p) => p.user.email))).toHaveLength(4);
  });

  it('the sweep tells what a job that never got into the queue left waiting', async () => {
    const providers = await Promise.all([1, 2].map(() => createProvider(app.deps, { categories: ['auto'], postcode: '06108', radiusKm: 20 })));
    const seeker = await createSeeker(app.deps.db.prisma);
    const r = await openRequest(seeker.id, '06108');
    const send = app.deps.jobs.send;
    app.deps.jobs.send = async () => {
      throw new Error('queue unreachable');
    };
    try {
      expect(await matchRequest(app.deps, r.id)).toBe(2);
    } finally {
      app.deps.jobs.send = send;
    }
    const since = events.length;
    await app.settle();
    expect(told(since, r.id)).toEqual([]);
    // Not yet overdue: left alone; overdue: told, once.
    expect(await notifyOverdueMatches(app.deps, 60_000)).toBe(0);
    expect(await notifyOverdueMatches(app.deps, 60_000, new Date(Date.now() + 61_000))).toBe(2);
    expect(await notifyOverdueMatches(app.deps, 0, new Date(Date.now() + 61_000))).toBe(0);
    await app.settle();
    expect(told(since, r.id)).toHaveLength(2);
    expect(await mailsTo(providers.map((p) => p.user.email))).toHaveLength(2);
  });

  it('does not mail matches of a new provider’s backfill, nor those matched without notifications', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const early = await createProvider(app.deps, { categories: ['auto'], postcode: '18055', radiusKm: 20 });
    const quiet = await openRequest(seeker.id, '18055');
    expect(await matchRequest(app.deps, quiet.id, { notify: false })).toBe(1);
    const late = await createProvider(app.deps, { categories: ['auto'], postcode: '18055', radiusKm: 20 });
    expect(await app.deps.db.prisma.match.count({ where: { requestId: quiet.id } })).toBe(2);
    expect(await notifyNewMatches(app.deps, quiet.id)).toBe(0);
    await app.settle();
    expect(await mailsTo([early.user.email, late.user.email])).toEqual([]);
  });
});
