// Property test of the money rules (fast-check): random sequences of bonuses, paid and promotional grants,
// unlocks, refunds (closed requests) and completed deals, run through the real domain commands, keep every balance equal to the sum
// of its entries, never below zero, every transaction summing to zero, and each request's escrow equal to
// the unlocks it still holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../../server/domain/deals/confirm-deal.ts';
import { closeRequest } from '../../server/domain/requests/end-request.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance, getGointsBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { isAppError } from '../../core/errors.ts';

type Cmd =
  | { kind: 'grant'; p: number; amount: number; paid: boolean }
  | { kind: 'unlock'; p: number; r: number }
  | { kind: 'close'; r: number }
  | { kind: 'deal'; p: number; r: number; providerFirst: boolean };

const P = 3;
const R = 3;
const cmd: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('grant' as const), p: fc.nat(P - 1), amount: fc.integer({ min: 1, max: 120 }), paid: fc.boolean() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('unlock' as const), p: fc.nat(P - 1), r: fc.nat(R - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), r: fc.nat(R - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deal' as const), p: fc.nat(P - 1), r: fc.nat(R - 1), providerFirst: fc.boolean() }) },
);

// Refusals the rules allow (not enough Goints, sold out, request ended, already an offer or deal).
const EXPECTED = new Set([
  'INSUFFICIENT_GOINTS',
  'REQUEST_SOLD_OUT',
  'REQUEST_NOT_AVAILABLE',
  'REQUEST_DEAL_PENDING',
  'NOT_UNLOCKED',
  'OFFER_EXISTS',
  'OFFER_NOT_AVAILABLE',
  'REQUEST_NOT_CLOSABLE',
  'DEAL_NOT_ACTIVE',
]);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let world = 0;
// What the runs really did, so the property is never checked over sequences that all failed early.
const done = { unlock: 0, refund: 0, completion: 0 };

describe('ledger properties', () => {
  it('random bonuses, unlocks, refunds and completions keep the ledger consistent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 4, maxLength: 16, size: 'max' }), async (cmds) => {
        world += 1;
        const deps = app.deps;
        const postcode = ['10115', '20095', '50667', '80331', '60311'][world % 5]!;
        const providers = [];
        for (let i = 0; i < P; i++) providers.push(await createProvider(deps, { categories: ['dienstleistungen'], postcode, radiusKm: 20 }));
        const seeker = await createSeeker(deps.db.prisma);
        const requests: string[] = [];
        for (let i = 0; i < R; i++) {
          const r = await createReleasedRequest(deps, seeker.id, {
            kategorie: 'dienstleistungen',
            postcode,
            beschreibung: [
              'Umzugshilfe für eine Zweizimmerwohnung am Wochenende',
              'Fensterputzer für ein Bürogebäude mit drei Etagen',
              'Gartenpflege und Rasenmähen einmal pro Woche',
            ][i]!,
          });
          expect(r.status).toBe('open');
          requests.push(r.id);
        }
        let granted = 0n;
        let grantedPaid = 0n;

        for (const c of cmds) {
          try {
            if (c.kind === 'grant') {
              await grantGoints(deps.db.prisma, providers[c.p]!.user.id, c.amount, undefined, { paid: c.paid });
              if (c.paid) grantedPaid += goints(c.amount);
              granted += goints(c.amount);
            } else if (c.kind === 'unlock') {
              if (!(await unlockAtQuotedPrice(deps, providers[c.p]!.user.id, requests[c.r]!)).repeated) done.unlock++;
            } else if (c.kind === 'close') done.refund += (await closeRequest(deps, seeker.id, requests[c.r]!)).refunded;
            else {
              const p = providers[c.p]!.user.id;
              // A deal needs the provider's own unlock first (which may itself be refused).
              if (!(await unlockAtQuotedPrice(deps, p, requests[c.r]!)).repeated) done.unlock++;
              const offer = await createOffer(deps, p, {
                requestId: requests[c.r]!,
                price: 100,
                beschreibung: 'Angebot aus dem Eigenschaftstest',
                verfuegbarkeit: 'sofort',
              });
              const { dealId } = await acceptOffer(deps, seeker.id, offer.id);
              const order = c.providerFirst ? [p, seeker.id] : [seeker.id, p];
              for (const who of order) if ((await confirmDeal(deps, who, dealId)).completed) done.completion++;
            }
          } catch (e) {
            if (!isAppError(e) || !EXPECTED.has(e.code)) throw e;
          }
        }
        await expectLedgerConsistent(deps.db.prisma);
        // Each request's escrows hold exactly its active unlocks, paid and promotional together.
        for (const id of requests) {
          const active = await deps.db.prisma.unlock.count({ where: { requestId: id, status: 'active' } });
          expect((await getBalance(deps.db.prisma, account.escrow(id))) + (await getBalance(deps.db.prisma, account.escrowPromo(id)))).toBe(
            goints(50) * BigInt(active),
          );
        }
        // Nothing is created or lost: what the providers hold, the escrows, the seeker's earnings and the
        // platform's share of these requests add up to the bonuses and grants.
        let held = 0n;
        let paid = 0n;
        for (const p of providers) {
          held += (await getGointsBalance(deps.db.prisma, p.user.id)).total;
          paid += await getBalance(deps.db.prisma, account.wallet(p.user.id));
        }
        for (const id of requests) {
          held += (await getBalance(deps.db.prisma, account.escrow(id))) + (await getBalance(deps.db.prisma, account.escrowPromo(id)));
          paid += await getBalance(deps.db.prisma, account.escrow(id));
        }
        const earned = await getBalance(deps.db.prisma, account.seekerEarnings(seeker.id));
        held += earned;
        paid += earned;
        const settled = async (kind: string) =>
          (await deps.db.prisma.ledgerEntry.aggregate({ where: { account: { kind }, transaction: { reference: { in: requests } } }, _sum: { amount: true } }))
            ._sum.amount ?? 0n;
        const revenue = await settled('platform_revenue');
        held += revenue + (await settled('promotion_used'));
        paid += revenue;
        expect(held).toBe(goints(50) * BigInt(P) + granted);
        // Paid Goints stay paid: the paid wallets, paid escrows, the seeker's earnings and the revenue are
        // exactly what was bought (promotional Goints never added to them).
        expect(paid).toBe(grantedPaid);
      }),
      { numRuns: 12, seed: 20261123 },
    );
    expect(done.unlock).toBeGreaterThan(0);
    expect(done.refund).toBeGreaterThan(0);
    expect(done.completion).toBeGreaterThan(0);
    // Twelve worlds of real commands: room for a busy shared machine (about 20 s alone).
  }, 120_000);
});
