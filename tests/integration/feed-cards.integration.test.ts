// The feed reads the cards its matches carry (decision 077). Every kind of change to a request reaches those
// cards in the change's own transaction, so the feed shows what the live tables say: after matching, a new
// provider's backfill, unlocks by others (x von N), a request sold out, price-list changes, an offer, a deal
// settled, a request closed, expired, closed by an admin, moderation, the seeker's account deleted, and cards
// whose texts are not written yet. After each step, each provider's whole feed (and every match by id) is
// compared with the feed as the live tables make it (tests/helpers/feed-reference.ts), in both languages.
// Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { referenceFeed } from '../helpers/feed-reference.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createUser } from '../factories/users.ts';
import { dismissMatch, listProviderMatches, type MatchCard } from '../../server/domain/matching/list-provider-matches.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { closeRequest, expireRequests } from '../../server/domain/requests/end-request.ts';
import { closeRequestByAdmin } from '../../server/domain/requests/close-request-by-admin.ts';
import { moderateRequest } from '../../server/domain/requests/moderate-request.ts';
import { createPriceEntry } from '../../server/domain/prices/create-price-entry.ts';
import { updatePriceEntry } from '../../server/domain/prices/update-price-entry.ts';
import { deletePriceEntry } from '../../server/domain/prices/delete-price-entry.ts';
import { deleteAccount } from '../../server/domain/privacy/delete-account.ts';
import type { Lang } from '../../server/i18n.ts';
import { writeCardTexts } from '../../server/domain/matching/write-card-texts.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The card as the reference makes it; the price only counts while the request is open (decision 077). */
function comparable(m: MatchCard) {
  const request = m.request.status === 'open' ? m.request : { ...m.request, unlockPrice: null };
  return { ...m, request };
}

describe('feed cards follow their requests', () => {
  it('shows what the live tables say after every kind of change', async () => {
    const db = app.deps.db.prisma;
    const admin = await createUser(db, { role: 'admin' });
    const providers = await Promise.all(
      ['a', 'b', 'c'].map(async () => (await createProvider(app.deps, { categories: ['handwerk', 'beauty'], postcode: '24103', radiusKm: 30 })).user),
    );
    for (const p of providers) await grantGoints(db, p.id, 500, undefined, { paid: true });
    const seeker = await createSeeker(db, { name: 'Petra Muster', email: 'petra@example.com' });
    const other = await createSeeker(db, { name: 'Olaf Otto', email: 'olaf@example.com' });

    const check = async (step: string) => {
      for (const p of providers) {
        for (const lang of ['de', 'en'] as Lang[]) {
          const [feed, ref] = await Promise.all([listProviderMatches(db, p.id, lang, { limit: 100 }), referenceFeed(db, p.id, lang, { limit: 100 })]);
          expect(feed.matches.map(comparable), `${step}: feed of provider ${p.name} (${lang})`).toEqual(ref.matches.map(comparable));
          expect({ balance: feed.balance, promo: feed.promoBalance }).toEqual({ balance: ref.balance, promo: ref.promoBalance });
          // Every match by id, also those the feed hides (dismissed, closed).
          for (const m of await db.match.findMany({ where: { providerId: p.id }, select: { id: true } })) {
            const [one, refOne] = await Promise.all([listProviderMatches(db, p.id, lang, { matchId: m.id }), referenceFeed(db, p.id, lang, { matchId: m.id })]);
            expect(one.matches.map(comparable), `${step}: match ${m.id} (${lang})`).toEqual(refOne.matches.map(comparable));
          }
        }
      }
    };

    // Requests with contact data in the text (the teaser hides it), an open budget, several urgencies.
    const texts = [
      'Wasserhahn tropft, bitte Rückruf unter 0151 23456789 oder petra@example.com, wohne Holstenstraße 12.',
      'Die Heizung im Einfamilienhaus fällt immer wieder aus und muss dringend repariert werden.',
      'Neue Steckdosen in der Küche, drei Stück, gerne diese Woche noch.',
      'Badezimmer fliesen, etwa zwölf Quadratmeter, Material ist schon da.',
    ];
    const reqs: string[] = [];
    for (const [i, beschreibung] of texts.entries()) {
      const r = await createReleasedRequest(app.deps, i === 3 ? other.id : seeker.id, {
        kategorie: 'handwerk',
        postcode: '24103',
        beschreibung,
        ...(i === 2 ? { budgetMin: null, budgetMax: null } : {}),
        dringlichkeit: (['sehr_dringend', 'dringend', 'normal', 'niedrig'] as const)[i]!,
      });
      // Contact data in the text holds a request for review; moderation approves it and it is matched.
      if (i === 0) {
        expect(r.status).toBe('review');
        await moderateRequest(app.deps, admin.id, r.id, 'approve', { reason: 'Kontaktdaten bleiben verborgen' });
      } else expect(r.status).toBe('open');
      reqs.push(r.id);
    }
    const beauty = await createReleasedRequest(app.deps, seeker.id, {
      kategorie: 'beauty',
      postcode: '24103',
      beschreibung: 'Maniküre mit Gellack für eine Hochzeit am Samstag gesucht.',
    });
    await check('matched');
    const teaser = (await listProviderMatches(db, providers[0]!.id, 'de', { limit: 100 })).matches.find((m) => m.request.id === reqs[0])!;
    expect(teaser.unlocked).toBe(false);
    expect(JSON.stringify(teaser)).not.toMatch(/0151|petra@example|Holstenstraße 12/);

    // A provider who joins later gets the open requests with their cards (the backfill).
    const late = (await createProvider(app.deps, { categories: ['handwerk'], postcode: '24103', radiusKm: 30 })).user;
    await grantGoints(db, late.id, 500, undefined, { paid: true });
    providers.push(late);
    await check('backfill');

    // Unlocks by others: 'x von N' on everybody's card; sold out at the maximum.
    await db.request.update({ where: { id: reqs[1]! }, data: { maxUnlocks: 2 } });
    await unlockAtQuotedPrice(app.deps, providers[1]!.id, reqs[0]!);
    await unlockAtQuotedPrice(app.deps, providers[1]!.id, reqs[1]!);
    await unlockAtQuotedPrice(app.deps, providers[2]!.id, reqs[1]!);
    await check('unlocks, sold out');
    expect((await listProviderMatches(db, providers[0]!.id, 'de', { limit: 100 })).matches.find((m) => m.request.id === reqs[1])!.request).toMatchObject({
      unlocked: 2,
      maxUnlocks: 2,
    });

    // The price list: a new entry, a changed one, one moved to another category, a removed one.
    const entry = await createPriceEntry(db, admin.id, {
      industryCategory: 'handwerk',
      serviceType: '',
      basePriceCents: 900,
      commissionRateBp: 5000,
      description: '',
    });
    await check('price created');
    expect((await listProviderMatches(db, providers[0]!.id, 'de', { limit: 100 })).matches.find((m) => m.request.id === reqs[2])!.request.unlockPrice).toBe(90);
    await updatePriceEntry(db, admin.id, entry.id, {
      industryCategory: 'handwerk',
      serviceType: '',
      basePriceCents: 1200,
      commissionRateBp: 4000,
      description: '',
    });
    await check('price changed');
    await updatePriceEntry(db, admin.id, entry.id, {
      industryCategory: 'beauty',
      serviceType: '',
      basePriceCents: 700,
      commissionRateBp: 4000,
      description: '',
    });
    await check('price moved to another category');
    await deletePriceEntry(db, admin.id, entry.id);
    await check('price removed');
    await createPriceEntry(db, admin.id, { industryCategory: 'handwerk', serviceType: '', basePriceCents: 600, commissionRateBp: 5000, description: '' });

    // An offer, accepted, the deal confirmed by both: the request is completed on the offering provider's card.
    await unlockAtQuotedPrice(app.deps, providers[0]!.id, reqs[3]!);
    const offer = await createOffer(app.deps, providers[0]!.id, {
      requestId: reqs[3]!,
      price: 120,
      beschreibung: 'Fliesen legen inklusive Fugen.',
      verfuegbarkeit: 'Montag',
    });
    const { dealId } = await acceptOffer(app.deps, other.id, offer.id);
    await check('offer accepted');
    await confirmDeal(app.deps, providers[0]!.id, dealId);
    await confirmDeal(app.deps, other.id, dealId);
    await check('deal settled');

    // Dismissed, closed by the seeker, closed by an admin, expired.
    const dismissable = await db.match.findFirstOrThrow({ where: { requestId: reqs[2]!, providerId: providers[2]!.id } });
    await dismissMatch(db, providers[2]!.id, dismissable.id);
    await closeRequest(app.deps, seeker.id, reqs[0]!);
    await check('closed by the seeker');
    await closeRequestByAdmin(app.deps, admin.id, beauty.id, { reason: 'Doppelt eingestellt' });
    await check('closed by an admin');
    await db.request.update({ where: { id: reqs[2]! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await expireRequests(app.deps)).toBe(1);
    await check('expired');

    // Moderation: a request held for review is matched when approved.
    const held = await db.request.create({
      data: {
        userId: seeker.id,
        kategorie: 'handwerk',
        beschreibung: 'Dachrinne reinigen und eine lose Dachpfanne befestigen, Einfamilienhaus.',
        postcode: '24103',
        ort: 'Kiel',
        lat: 54.32,
        lon: 10.13,
        status: 'review',
        releasedAt: new Date(),
        maxUnlocks: 5,
      },
    });
    await moderateRequest(app.deps, admin.id, held.id, 'approve', { reason: 'Sieht gut aus' });
    await check('approved by moderation');

    // Cards whose texts are not written yet (a request's text changed, or the redaction did): shaped from the request.
    await db.match.updateMany({ where: { requestId: held.id }, data: { teaserDe: null, teaserEn: null, placeMasked: null, postcodeMasked: null } });
    await check('texts not written');

    // The job write-card-texts writes missing and outdated texts of open requests' cards, once per version.
    await db.match.updateMany({ where: { requestId: reqs[1]! }, data: { teaserDe: 'alt', placeMasked: null } });
    const pass = await writeCardTexts(db, { force: true, batch: 2 });
    expect(pass).toMatchObject({ requests: expect.any(Number) });
    expect(pass!.cards).toBeGreaterThan(0);
    expect(await db.match.count({ where: { requestId: { in: [reqs[1]!, held.id] }, teaserDe: null } })).toBe(0);
    expect(await writeCardTexts(db)).toBeNull();
    await check('texts written by the job');

    // The seeker deletes the account: the cards keep no copy of the texts.
    const deletion = await deleteAccount(app.deps, seeker.id);
    expect(deletion).toBeTruthy();
    await check('account deleted');
    const copies = await db.match.findMany({
      where: { requestId: { in: [reqs[0]!, reqs[1]!, held.id, beauty.id] } },
      select: { teaserDe: true, teaserEn: true, placeMasked: true },
    });
    for (const c of copies) expect(c).toEqual({ teaserDe: null, teaserEn: null, placeMasked: null });
    // Many small reads per step (each match by id, both languages): generous on a busy machine.
  }, 240_000);
});
