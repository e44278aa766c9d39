// The provider's feed as one statement (decisions 043 and 077) answers what the feed answered before: the page in
// the feed's order with cursors, teasers without contact data until the unlock, the details and the seeker
// after it, the provider's offer and its deal, the category's price, dismissed matches hidden (but readable
// by id), and the balance also when the page is empty. Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { dismissMatch, FEED_PAGE, feedStatement, listProviderMatches } from '../../server/domain/matching/list-provider-matches.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('provider feed', () => {
  it('pages, teasers, details, offers, deals, prices and the balance', async () => {
    const db = app.deps.db.prisma;
    await db.priceListEntry.create({ data: { industryCategory: 'beauty', basePriceCents: 900, commissionRateBp: 5000 } });
    const provider = (await createProvider(app.deps, { categories: ['beauty'], postcode: '24103', radiusKm: 10 })).user;
    const lonely = (await createProvider(app.deps, { categories: ['news'], postcode: '24103', radiusKm: 10 })).user;
    await grantGoints(db, provider.id, 200, undefined, { paid: true });
    const seeker = await createSeeker(db, { name: 'Petra Muster', email: 'petra@example.com' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await createReleasedRequest(app.deps, seeker.id, {
        kategorie: 'beauty',
        postcode: '24103',
        firstName: 'Petra',
        beschreibung: [
          'Maniküre mit Gellack für eine Hochzeit am Samstag gesucht.',
          'Suche eine Friseurin für Hochsteckfrisuren, drei Personen.',
          'Wimpernverlängerung gewünscht, am liebsten abends nach der Arbeit.',
          'Kosmetikerin für eine Gesichtsbehandlung mit Peeling gesucht, Nummer d.',
          'Pediküre und Fußpflege für meine Mutter, Hausbesuch wäre ideal.',
        ][i]!,
      });
      expect(r.status).toBe('open');
      ids.push(r.id);
    }
    // Matches of the same moment keep a stable order by id.
    const matchOf = async (requestId: string) => (await db.match.findFirstOrThrow({ where: { requestId, providerId: provider.id } })).id;
    // ids[4] unlocked with an offer accepted (a deal), ids[3] unlocked, ids[2] dismissed.
    await unlockAtQuotedPrice(app.deps, provider.id, ids[4]!);
    const offer = await createOffer(app.deps, provider.id, {
      requestId: ids[4]!,
      price: 90,
      beschreibung: 'Behandlung mit Pflegeprodukten.',
      verfuegbarkeit: 'Samstag',
    });
    const { dealId } = await acceptOffer(app.deps, seeker.id, offer.id);
    await unlockAtQuotedPrice(app.deps, provider.id, ids[3]!);
    await dismissMatch(db, provider.id, await matchOf(ids[2]!));

    const first = await listProviderMatches(db, provider.id, 'de', { limit: 2 });
    expect(first.balance).toBe(200 + 50 - 90 - 90);
    expect(first.promoBalance).toBe(0);
    expect(first.matches.map((m) => m.request.id)).toEqual([ids[4], ids[3]]);
    // The keyset cursor: the last card's place in the feed's order (its time and id), opaque to callers.
    expect(first.nextCursor).toMatch(new RegExp(`^\\d+_${first.matches[1]!.id}$`));
    const [dealCard, unlockedCard] = first.matches;
    expect(dealCard).toMatchObject({
      unlocked: true,
      status: 'angebot',
      offer: { id: offer.id, status: 'angenommen', priceCents: 9000, beschreibung: 'Behandlung mit Pflegeprodukten.', verfuegbarkeit: 'Samstag' },
      deal: { id: dealId, status: expect.any(String) },
      request: { unlockPrice: 90, postcode: '24103', contact: { firstName: 'Petra', name: 'Petra Muster', email: 'petra@example.com' } },
    });
    expect(unlockedCard).toMatchObject({
      unlocked: true,
      status: 'freigeschaltet',
      offer: null,
      deal: null,
      request: { description: expect.stringContaining('Nummer d') },
    });
    expect(typeof dealCard!.createdAt).toBe('string');
    expect(typeof dealCard!.distanceKm).toBe('number');

    const second = await listProviderMatches(db, provider.id, 'en', { limit: 2, cursor: first.nextCursor });
    // ids[2] is dismissed: hidden from the feed.
    expect(second.matches.map((m) => m.request.id)).toEqual([ids[1], ids[0]]);
    expect(second.nextCursor).toBeNull();
    const teaser = second.matches[0]!;
    expect(teaser.unlocked).toBe(false);
    expect(teaser.request).toMatchObject({ postcodeMasked: '24***', unlockPrice: 90, kategorie: 'beauty' });
    expect(teaser.request).not.toHaveProperty('contact');
    expect(teaser.request).not.toHaveProperty('description');
    expect(JSON.stringify(second)).not.toContain('petra@example.com');

    // All at once: the same cards in the same order.
    const all = await listProviderMatches(db, provider.id, 'de');
    expect(all.matches.map((m) => m.id)).toEqual([...first.matches, ...second.matches].map((m) => m.id));
    expect(all.nextCursor).toBeNull();

    // One match by id, also a dismissed one.
    const dismissed = await listProviderMatches(db, provider.id, 'de', { matchId: await matchOf(ids[2]!) });
    expect(dismissed.matches).toHaveLength(1);
    expect(dismissed.matches[0]).toMatchObject({ status: 'kein_interesse', unlocked: false });
    // Another provider's match by id: nothing.
    expect((await listProviderMatches(db, lonely.id, 'de', { matchId: await matchOf(ids[0]!) })).matches).toEqual([]);

    // No matches: an empty page with the balance (the welcome bonus).
    expect(await listProviderMatches(db, lonely.id, 'de')).toEqual({ matches: [], balance: 50, promoBalance: 50, nextCursor: null });
    // A cursor that is not one of the feed's: an empty page.
    expect((await listProviderMatches(db, provider.id, 'de', { cursor: 'no-such-match' })).matches).toEqual([]);
    // On PostgreSQL the feed statement is prepared on its connection once (decision 077), not planned every time.
    if (app.deps.db.kind === 'postgres') {
      const names = await db.$transaction(async (tx) => {
        await listProviderMatches(tx as unknown as typeof db, provider.id, 'de');
        await listProviderMatches(tx as unknown as typeof db, provider.id, 'de');
        return tx.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;
      });
      const text = feedStatement(provider.id, { limit: FEED_PAGE, lang: 'de' }).text;
      expect(names.filter((n) => n.statement === text)).toEqual([{ name: expect.stringMatching(/^akut_/), statement: text }]);
    }
    // Without a limit: a page of 20 (FEED_PAGE).
    expect(FEED_PAGE).toBe(20);
  });
});
