// Marketplace data for tests and the demo seed alike, built through the real domain commands: providers
// onboard (and get the welcome bonus), seekers' requests are released through the pre-filter and matched.
import crypto from 'node:crypto';
import type { AppDeps } from '../../server/deps.ts';
import type { Db } from '../../server/db.ts';
import type { CategoryId } from '../../core/categories/category-ids.ts';
import { upsertProviderProfile } from '../../server/domain/providers/upsert-provider-profile.ts';
import { upsertTraderDetails, type CheckedTraderDetails } from '../../server/domain/providers/trader-details.ts';
import { matchProviderToOpenRequests } from '../../server/domain/matching/match-provider.ts';
import { releaseRequest } from '../../server/domain/requests/release-request.ts';
import { publicDescription } from '../../server/domain/requests/request-views.ts';
import { placeOfPostcode } from '../../server/integrations/geo/postcodes.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { goints } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';
import { unlockRequest } from '../../server/domain/unlocks/unlock-request.ts';
import { createUser, type UserInput } from './users.ts';

export interface ProviderInput {
  firmenname?: string;
  categories?: CategoryId[];
  postcode?: string;
  radiusKm?: number;
  description?: string;
  phone?: string;
  email?: string;
  /** The trader details (DSA Art. 30); false: none on file (the provider cannot send offers then). */
  trader?: Partial<CheckedTraderDetails> | false;
}

/** Trader details for a test or demo provider: a made-up register entry, no VAT ID. */
export function traderDetailsFor(legalName: string, overrides: Partial<CheckedTraderDetails> = {}): CheckedTraderDetails {
  return {
    legalName,
    street: 'Hohe Straße 1',
    postcode: '50667',
    city: 'Köln',
    country: 'DE',
    registerKind: 'trade_licence',
    registerNumber: 'Gewerbeanmeldung 0815/2026, Stadt Köln',
    selfCertified: true,
    ...overrides,
  };
}

/** A provider account with a completed profile (and the 50 Goints welcome bonus) and, unless `trader: false`, its trader details. */
export async function createProvider(deps: AppDeps, input: ProviderInput & { user?: UserInput } = {}) {
  const user = await createUser(deps.db.prisma, { role: 'provider', ...(input.user ?? {}) });
  const { profile } = await upsertProviderProfile(deps.db.prisma, user.id, {
    firmenname: input.firmenname ?? `Betrieb ${user.name}`,
    categories: input.categories ?? ['handwerk'],
    postcode: input.postcode ?? '50667',
    radiusKm: input.radiusKm ?? 50,
    description: input.description ?? 'Meisterbetrieb mit 20 Jahren Erfahrung, schnell und zuverlässig.',
    phone: input.phone ?? '+49 221 1234567',
    email: input.email ?? user.email,
  });
  if (input.trader !== false) await upsertTraderDetails(deps.db.prisma, user.id, traderDetailsFor(profile.firmenname, input.trader ?? {}));
  await matchProviderToOpenRequests(deps, user.id);
  return { user, profile };
}

export interface RequestInput {
  kategorie?: CategoryId;
  beschreibung?: string;
  postcode?: string;
  budgetMin?: number | null;
  budgetMax?: number | null;
  dringlichkeit?: 'sehr_dringend' | 'dringend' | 'normal' | 'niedrig';
  firstName?: string;
}

/** A seeker's request as the intake stores it, released through the pre-filter (open and matched when clean). */
export async function createReleasedRequest(deps: AppDeps, seekerId: string, input: RequestInput = {}) {
  const beschreibung = input.beschreibung ?? 'Die Heizung im Einfamilienhaus fällt immer wieder aus und muss repariert werden.';
  const postcode = input.postcode ?? '50667';
  const row = await deps.db.prisma.request.create({
    data: {
      userId: seekerId,
      sourceKey: `factory:${crypto.randomUUID()}`,
      firstName: input.firstName ?? 'Sam',
      kategorie: input.kategorie ?? 'handwerk',
      beschreibung,
      beschreibungOeffentlich: publicDescription(beschreibung, 'de'),
      postcode,
      ort: placeOfPostcode(postcode),
      budgetMin: input.budgetMin === undefined ? 300 : input.budgetMin,
      budgetMax: input.budgetMax === undefined ? 800 : input.budgetMax,
      dringlichkeit: input.dringlichkeit ?? 'dringend',
      status: 'draft',
    },
  });
  const released = await releaseRequest(deps, row.id);
  return { id: row.id, ...released };
}

/**
 * Goints for tests and demo data. By default booked like a goodwill credit (promotional: from the promotion
 * account into the promotional wallet); `paid: true` books them like a paid purchase (payment clearing into
 * the paid wallet), for tests whose deals must earn the seeker money.
 */
export async function grantGoints(prisma: Db, userId: string, amount: number, key = `grant:${crypto.randomUUID()}`, opts: { paid?: boolean } = {}) {
  await inTransaction(prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: key,
      kind: opts.paid ? 'purchase' : 'goodwill_credit',
      reference: userId,
      lines: opts.paid
        ? [
            { account: account.paymentClearing(), amount: -goints(amount) },
            { account: account.wallet(userId), amount: goints(amount) },
          ]
        : [
            { account: account.promotion(), amount: -goints(amount) },
            { account: account.walletPromo(userId), amount: goints(amount) },
          ],
    }),
  );
}

/** A seeker account (verified) for the marketplace. */
export function createSeeker(prisma: Db, input: UserInput = {}) {
  return createUser(prisma, { role: 'seeker', ...input });
}

/**
 * Leaves the provider only paid Goints: the welcome bonus (promotional, spent first) is given back to the
 * promotion account and `amount` paid Goints are bought, so each unlock is paid and a deal earns revenue.
 */
export async function givePaidGointsOnly(prisma: Db, userId: string, amount: number) {
  const promo = await prisma.ledgerAccount.findUnique({ where: { kind_ownerId: { kind: 'wallet_promo', ownerId: userId } }, select: { balance: true } });
  if (promo && promo.balance > 0n) {
    await inTransaction(prisma, (tx) =>
      postTransaction(tx, {
        idempotencyKey: `promo-returned:${userId}:${crypto.randomUUID()}`,
        kind: 'test_setup',
        reference: userId,
        lines: [
          { account: account.walletPromo(userId), amount: -promo.balance },
          { account: account.promotion(), amount: promo.balance },
        ],
      }),
    );
  }
  await grantGoints(prisma, userId, amount, undefined, { paid: true });
}

/** A provider unlocks a request as a person does: at the price its quote shows (the price they confirm). */
export async function unlockAtQuotedPrice(deps: Pick<AppDeps, 'db' | 'bus' | 'logger'>, providerId: string, requestId: string) {
  const { price } = await getUnlockQuote(deps.db.prisma, providerId, requestId);
  return unlockRequest(deps, { providerId, requestId, price });
}
