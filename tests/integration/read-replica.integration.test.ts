// Reads on a streaming replica (issue 23, decision 082), on a primary and a hot standby of the test's own
// (Debian's PostgreSQL binaries, started here whatever DATABASE_URL says). The standby's replay is paused to
// make replication lag as long as the test likes: what a read then answers shows which server served it.
// - a public read (the provider page) and the provider feed of someone who has not written lately come from
//   the replica;
// - a person's reads right after their own write (an unlock, a profile change) come from the primary, however
//   far the replica lags, on any instance (the mark is a signed cookie, not process memory);
// - when the replica stops, reads fall back to the primary and the app keeps answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { canRunOwnCluster, pgBinDir, startReplicaPair, type ReplicaPair } from '../helpers/pg-cluster.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints } from '../factories/marketplace.ts';
import { signIn } from '../helpers/auth.ts';
import { READ_AFTER_WRITE_COOKIE, signWriteMark } from '../../server/db/read-routing.ts';

const AUTH_SECRET = 'replica-secret-replica-secret-replica-secret-0123';
const WINDOW_MS = 60_000;
const available = canRunOwnCluster();

type Feed = { matches: { request: { id: string }; unlocked: boolean }[]; balance: number };
type PublicProvider = { firmenname: string };

let pair: ReplicaPair | undefined;
let app: TestApp | undefined;
let second: TestApp | undefined;
afterAll(async () => {
  await second?.close();
  await app?.close();
  pair?.destroy();
});

/** The same session, without the mark of a recent write: reads as someone who has not written lately. */
function withoutWriteMark(client: TestClient, make: () => TestClient): TestClient {
  const other = make();
  for (const [k, v] of client.cookies) if (k !== READ_AFTER_WRITE_COOKIE) other.cookies.set(k, v);
  return other;
}

describe.runIf(available)('reads on a streaming replica', () => {
  let provider: { id: string; email: string; password: string };
  let requestId: string;
  let client: TestClient;

  beforeAll(async () => {
    pair = await startReplicaPair();
    const env = { AUTH_SECRET, READ_AFTER_WRITE_MS: String(WINDOW_MS), PAGE_CACHE_SECONDS: '0' };
    const database = { kind: 'postgres' as const, url: pair.primaryUrl, readUrl: pair.replicaUrl };
    app = await startTestApp(env, { database });
    // A second instance on the same pair: the write mark travels with the person, not the process.
    second = await startTestApp(env, { database });
    const made = await createProvider(app.deps, { categories: ['handwerk'], postcode: '50667', radiusKm: 20, firmenname: 'Malerbetrieb Alt' });
    provider = made.user;
    await grantGoints(app.deps.db.prisma, provider.id, 200);
    const seeker = await createSeeker(app.deps.db.prisma);
    requestId = (await createReleasedRequest(app.deps, seeker.id, { kategorie: 'handwerk', postcode: '50667' })).id;
    await pair.caughtUp();
    client = app.client();
    await signIn(client, provider.email, provider.password);
  }, 300_000);

  it('opens a replica client beside the primary', () => {
    expect(app!.deps.db.replica).toBeDefined();
  });

  it('serves public reads and the feed from the replica, and the writer from the primary, however far the replica lags', async () => {
    const anonymous = app!.client();
    expect((await anonymous.get<PublicProvider>(`/api/providers/${provider.id}`)).body.firmenname).toBe('Malerbetrieb Alt');

    // From here on the replica's data stand still: every later write is on the primary only.
    await pair!.pauseReplay();

    // The provider unlocks (a write): the answer carries the signed mark of the write.
    const quote = await client.get<{ price: number }>(`/api/provider/requests/${requestId}/unlock-quote`);
    expect(quote.status).toBe(200);
    const unlock = await client.post(`/api/provider/requests/${requestId}/unlock`, { price: quote.body.price });
    expect(unlock.status, unlock.text).toBe(200);
    expect(client.cookies.get(READ_AFTER_WRITE_COOKIE)).toBeTruthy();

    // Their next read sees their own write (the primary), on this instance and on the other one.
    const own = await client.get<Feed>('/api/provider/matches');
    expect(own.status, own.text).toBe(200);
    expect(own.body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(true);
    const elsewhere = new (client.constructor as new (u: string) => TestClient)(second!.baseUrl);
    for (const [k, v] of client.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.get<Feed>('/api/provider/matches')).body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(true);

    // The same session without the mark reads the replica, which has not replayed the unlock yet.
    const stale = withoutWriteMark(client, () => app!.client());
    const fromReplica = await stale.get<Feed>('/api/provider/matches');
    expect(fromReplica.status, fromReplica.text).toBe(200);
    expect(fromReplica.body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(false);

    // A refetch after a live event (somebody else's write) asks for a fresh read: the primary.
    const afterEvent = await stale.get<Feed>('/api/provider/matches', { 'x-akut-fresh': '1' });
    expect(afterEvent.body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(true);

    // A mark older than READ_AFTER_WRITE_MS no longer holds the reader on the primary.
    const expired = withoutWriteMark(client, () => app!.client());
    expired.cookies.set(READ_AFTER_WRITE_COOKIE, signWriteMark(Date.now() - WINDOW_MS - 1_000, AUTH_SECRET));
    expect((await expired.get<Feed>('/api/provider/matches')).body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(false);

    // A public page changed by its owner: the owner sees the change at once, a visitor the replica's state.
    const profile = await client.get<{ profile: Record<string, unknown> }>('/api/provider/profile');
    const { firmenname: _old, ...rest } = profile.body.profile;
    const put = await client.request('PUT', '/api/provider/profile', {
      firmenname: 'Malerbetrieb Neu',
      categories: rest.categories,
      postcode: rest.postcode,
      radiusKm: rest.radiusKm,
      description: rest.description,
      phone: rest.phone,
      email: rest.email,
    });
    expect(put.status, put.text).toBe(200);
    expect((await client.get<PublicProvider>(`/api/providers/${provider.id}`)).body.firmenname).toBe('Malerbetrieb Neu');
    expect((await anonymous.get<PublicProvider>(`/api/providers/${provider.id}`)).body.firmenname).toBe('Malerbetrieb Alt');

    // Once the replica has replayed the writes, everybody reads them there.
    await pair!.resumeReplay();
    await pair!.caughtUp();
    expect((await anonymous.get<PublicProvider>(`/api/providers/${provider.id}`)).body.firmenname).toBe('Malerbetrieb Neu');
    expect((await stale.get<Feed>('/api/provider/matches')).body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(true);
  });

  it('falls back to the primary when the replica stops', async () => {
    pair!.stopReplica();
    const anonymous = app!.client();
    const page = await anonymous.get<PublicProvider>(`/api/providers/${provider.id}`);
    expect(page.status, page.text).toBe(200);
    expect(page.body.firmenname).toBe('Malerbetrieb Neu');
    const stale = withoutWriteMark(client, () => app!.client());
    const feed = await stale.get<Feed>('/api/provider/matches');
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body.matches.find((m) => m.request.id === requestId)?.unlocked).toBe(true);
    expect((await anonymous.get('/api/health')).status).toBe(200);
  });
});

describe.skipIf(available)('reads on a streaming replica', () => {
  it(`skipped: no PostgreSQL binaries to start a primary and a standby (looked in /usr/lib/postgresql, found ${pgBinDir() ?? 'none'}); apt-get install postgresql`, () => {});
});
