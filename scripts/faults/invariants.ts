// The invariants the fault suite checks after the load, by SQL directly on the database. Each query returns
// the rows that break it (id and a detail), so an empty answer is a pass. The ledger's three come from the
// module the integration tests use; the others follow prisma/schema.prisma and the machines (unlock,
// offer, deal, payout) and what the suite itself did (purchases it paid, Stripe events it delivered).
import pg from 'pg';
import { LEDGER_INVARIANTS, type InvariantQuery } from '../../tests/helpers/ledger-invariant-queries.ts';

export interface InvariantResult {
  name: string;
  violations: { id: string; detail: string }[];
}

/** milli-Goints as Goints, for the details. */
const g = (x: string) => `trim_scale(round((${x}) / 1000.0, 3))::text`;
/** A payout in any other state still holds its amount in payout clearing and waits for someone. */
const PAYOUT_DONE = `('paid', 'failed', 'rejected')`;
const ENDED = `('completed', 'closed', 'expired', 'rejected')`;
// The credit of a purchase (whatever the wallet accounts its Goints go to), not its reversals.
const PURCHASE_CREDIT = `(t.kind LIKE 'purchase%' AND t.kind NOT LIKE 'purchase_reversal%')`;
const PAID_LIKE = `('paid', 'refunded', 'partially_refunded', 'disputed')`;

const DOMAIN_INVARIANTS: InvariantQuery[] = [
  {
    // An unlock costs the price of its request's category when it was booked (decision 032): the recorded price
    // is checked against what its own ledger transaction moved into the request's escrows, never a constant.
    name: 'each escrow equals its active unlocks, each unlock the price it booked',
    sql: `WITH esc AS (SELECT "ownerId" AS rid, SUM(balance) AS bal FROM "LedgerAccount" WHERE kind LIKE 'escrow%' GROUP BY "ownerId"),
               act AS (SELECT "requestId" AS rid, SUM(price) AS held, COUNT(*) AS n FROM "Unlock" WHERE status = 'active' GROUP BY "requestId"),
               booked AS (SELECT u.id, SUM(e.amount) FILTER (WHERE a.kind = 'escrow') AS paid, SUM(e.amount) FILTER (WHERE a.kind = 'escrow_promo') AS promo
                          FROM "Unlock" u JOIN "LedgerEntry" e ON e."transactionId" = u."ledgerTxId"
                          JOIN "LedgerAccount" a ON a.id = e."accountId" AND a."ownerId" = u."requestId" AND a.kind IN ('escrow', 'escrow_promo')
                          GROUP BY u.id)
          SELECT r.id, 'request ' || r.status || ': escrow ' || ${g('COALESCE(e.bal, 0)')} || ' Goints, ' || COALESCE(a.n, 0)::text || ' active unlocks holding ' || ${g('COALESCE(a.held, 0)')} AS detail
          FROM "Request" r LEFT JOIN esc e ON e.rid = r.id LEFT JOIN act a ON a.rid = r.id
          WHERE COALESCE(e.bal, 0) <> COALESCE(a.held, 0)
          UNION ALL
          SELECT u.id, 'unlock price ' || ${g('u.price')} || ' Goints (' || ${g('u."promoPrice"')} || ' promotional), booked ' || ${g('COALESCE(b.paid, 0) + COALESCE(b.promo, 0)')} || ' (' || ${g('COALESCE(b.promo, 0)')} || ' promotional)'
          FROM "Unlock" u LEFT JOIN booked b ON b.id = u.id
          WHERE COALESCE(b.paid, 0) + COALESCE(b.promo, 0) <> u.price OR COALESCE(b.promo, 0) <> u."promoPrice"`,
  },
  {
    name: 'unlocks within the cap, unlockCount = unlock rows',
    sql: `SELECT r.id, 'unlockCount ' || r."unlockCount" || ', rows ' || COUNT(u.id) || ', max ' || r."maxUnlocks" AS detail
          FROM "Request" r LEFT JOIN "Unlock" u ON u."requestId" = r.id
          GROUP BY r.id HAVING r."unlockCount" > r."maxUnlocks" OR COUNT(u.id) > r."maxUnlocks" OR COUNT(u.id) <> r."unlockCount"`,
  },
  {
    name: 'unlock states agree with their request and ledger (none stranded)',
    sql: `SELECT u.id, 'unlock ' || u.status || ' on a ' || r.status || ' request' AS detail FROM "Unlock" u JOIN "Request" r ON r.id = u."requestId"
          WHERE (u.status = 'active' AND r.status IN ${ENDED}) OR (u.status = 'settled' AND r.status <> 'completed') OR (u.status = 'refunded' AND r.status NOT IN ('closed', 'expired', 'rejected'))
          UNION ALL
          SELECT u.id, 'unlock without its ledger transaction' FROM "Unlock" u LEFT JOIN "LedgerTransaction" t ON t.id = u."ledgerTxId" AND t.kind = 'unlock' WHERE t.id IS NULL
          UNION ALL
          SELECT u.id, 'unlock ' || u.status || ' with ' || COUNT(t.id) || ' refund transactions' FROM "Unlock" u LEFT JOIN "LedgerTransaction" t ON t."idempotencyKey" = 'refund:' || u.id
          GROUP BY u.id, u.status HAVING COUNT(t.id) <> CASE WHEN u.status = 'refunded' THEN 1 ELSE 0 END`,
  },
  {
    name: 'deals: both confirmed means completed, one deal per completed request',
    sql: `SELECT id, 'both confirmed but ' || status AS detail FROM "Deal" WHERE "providerConfirmedAt" IS NOT NULL AND "seekerConfirmedAt" IS NOT NULL AND status <> 'completed'
          UNION ALL
          SELECT r.id, 'completed request with ' || COUNT(d.id) || ' completed deals' FROM "Request" r LEFT JOIN "Deal" d ON d."requestId" = r.id AND d.status = 'completed'
          WHERE r.status = 'completed' GROUP BY r.id HAVING COUNT(d.id) <> 1
          UNION ALL
          SELECT "requestId", COUNT(*) || ' deals not cancelled' FROM "Deal" WHERE status <> 'cancelled' GROUP BY "requestId" HAVING COUNT(*) > 1
          UNION ALL
          SELECT d.id, 'deal ' || d.status || ' on a ' || r.status || ' request' FROM "Deal" d JOIN "Request" r ON r.id = d."requestId"
          WHERE d.status LIKE 'awaiting%' AND (r.status IN ${ENDED} OR r."acceptedOfferId" IS DISTINCT FROM d."offerId")
          UNION ALL
          SELECT d.id, 'completed deal without its settlement booking' FROM "Deal" d JOIN "Request" r ON r.id = d."requestId"
          WHERE d.status = 'completed' AND r."unlockCount" > 0 AND NOT EXISTS (SELECT 1 FROM "LedgerTransaction" t WHERE t."idempotencyKey" = 'settle:' || d.id)`,
  },
  {
    name: 'offers agree with their request and deal',
    sql: `SELECT o.id, 'offer ' || o.status || ' on a ' || r.status || ' request' AS detail FROM "Offer" o JOIN "Request" r ON r.id = o."requestId"
          WHERE o.status = 'versendet' AND r.status IN ${ENDED}
          UNION ALL
          SELECT o.id, 'accepted offer without a live deal' FROM "Offer" o WHERE o.status = 'angenommen' AND NOT EXISTS (SELECT 1 FROM "Deal" d WHERE d."offerId" = o.id AND d.status <> 'cancelled')
          UNION ALL
          SELECT r.id, 'acceptedOfferId points at an offer ' || o.status FROM "Request" r JOIN "Offer" o ON o.id = r."acceptedOfferId" WHERE o.status <> 'angenommen'`,
  },
  {
    name: 'each paid purchase credited once (and nothing else)',
    sql: `SELECT p.id, p.status || ' purchase with ' || COUNT(t.id) || ' credits' AS detail FROM "Purchase" p LEFT JOIN "LedgerTransaction" t ON ${PURCHASE_CREDIT} AND t.reference = p.id
          GROUP BY p.id, p.status HAVING COUNT(t.id) <> CASE WHEN p.status IN ${PAID_LIKE} THEN 1 ELSE 0 END
          UNION ALL
          SELECT p.id, 'credited ' || ${g('SUM(e.amount)')} || ' Goints for a package of ' || p.goints FROM "Purchase" p
          JOIN "LedgerTransaction" t ON ${PURCHASE_CREDIT} AND t.reference = p.id JOIN "LedgerEntry" e ON e."transactionId" = t.id
          JOIN "LedgerAccount" a ON a.id = e."accountId" AND a."ownerId" = p."userId"
          GROUP BY p.id, p.goints HAVING SUM(e.amount) <> p.goints::bigint * 1000
          UNION ALL
          SELECT p.id, 'reversed ' || p."reversedGoints" || ' Goints but booked ' || ${g('COALESCE(-SUM(e.amount), 0)')} FROM "Purchase" p
          LEFT JOIN "LedgerTransaction" t ON t.kind = 'purchase_reversal' AND t.reference = p.id LEFT JOIN "LedgerEntry" e ON e."transactionId" = t.id
          AND e."accountId" IN (SELECT id FROM "LedgerAccount" WHERE "ownerId" = p."userId")
          GROUP BY p.id, p."reversedGoints" HAVING COALESCE(-SUM(e.amount), 0) <> p."reversedGoints"::bigint * 1000`,
  },
  {
    name: 'every Stripe event processed in the end',
    sql: `SELECT id, type || ' ' || status || ' after ' || attempts || ' attempts: ' || COALESCE(error, '') AS detail FROM "WebhookEvent" WHERE status NOT IN ('processed', 'ignored')`,
  },
  {
    name: 'each payout booked once, never both paid and returned',
    sql: `SELECT p.id, p.status || ': requested ' || SUM(CASE WHEN t.kind = 'payout_request' THEN 1 ELSE 0 END) || ', paid ' || SUM(CASE WHEN t.kind = 'payout_paid' THEN 1 ELSE 0 END) || ', returned ' || SUM(CASE WHEN t.kind = 'payout_returned' THEN 1 ELSE 0 END) AS detail
          FROM "Payout" p LEFT JOIN "LedgerTransaction" t ON t.reference = p.id AND t.kind IN ('payout_request', 'payout_paid', 'payout_returned')
          GROUP BY p.id, p.status
          HAVING SUM(CASE WHEN t.kind = 'payout_request' THEN 1 ELSE 0 END) <> 1
              OR SUM(CASE WHEN t.kind = 'payout_paid' THEN 1 ELSE 0 END) <> CASE WHEN p.status = 'paid' THEN 1 ELSE 0 END
              OR SUM(CASE WHEN t.kind = 'payout_returned' THEN 1 ELSE 0 END) <> CASE WHEN p.status IN ('failed', 'rejected') THEN 1 ELSE 0 END
          UNION ALL
          SELECT 'payout_clearing', 'balance ' || COALESCE((SELECT SUM(balance) FROM "LedgerAccount" WHERE kind = 'payout_clearing'), 0)::text || ' milli-Goints, open payouts ' || COALESCE((SELECT SUM("amountCents" - "stripeReversedCents")::bigint * 100 FROM "Payout" WHERE status NOT IN ${PAYOUT_DONE}), 0)::text
          WHERE COALESCE((SELECT SUM(balance) FROM "LedgerAccount" WHERE kind = 'payout_clearing'), 0) <> COALESCE((SELECT SUM("amountCents" - "stripeReversedCents")::bigint * 100 FROM "Payout" WHERE status NOT IN ${PAYOUT_DONE}), 0)`,
  },
  {
    name: 'nothing stuck in an intermediate state after recovery',
    sql: `SELECT id, 'payout still ' || status AS detail FROM "Payout" WHERE status NOT IN ${PAYOUT_DONE}
          UNION ALL
          SELECT id, 'chat confirmation still running' FROM "ChatConfirmation" WHERE status = 'running'
          UNION ALL
          SELECT id, 'purchase ' || status || ' with its payment confirmed' FROM "Purchase" WHERE status IN ('created', 'processing') AND "paidAt" IS NOT NULL`,
  },
  {
    // A killed confirmation or release must not strand a verified seeker's request (decision 060).
    name: "no verified seeker's request stays a draft, or open and never matched",
    sql: `SELECT r.id, 'request ' || r.status || CASE WHEN r.status = 'open' THEN ' without matchedAt' ELSE '' END AS detail
          FROM "Request" r JOIN "user" u ON u.id = r."userId"
          WHERE u."emailVerified" AND (r.status = 'draft' OR (r.status = 'open' AND r."matchedAt" IS NULL))`,
  },
  {
    // Decision 082: each committed change that mails someone has that mail in the outbox, under its key. A match
    // is mailed by the job that claims it, in the claim's transaction; a match written without a mail to send (a
    // provider's backfill of older requests) looks the same afterwards, so matches are checked by what still waits.
    name: 'every mail of a committed change is in the outbox',
    sql: `WITH expected AS (
            SELECT o.id AS ref, 'offerReceived:' || o.id || ':' || r."userId" AS key FROM "Offer" o JOIN "Request" r ON r.id = o."requestId" WHERE r."userId" IS NOT NULL
            UNION ALL SELECT d.id, 'offerAccepted:' || d.id || ':' || d."providerId" FROM "Deal" d
            UNION ALL SELECT d.id, 'dealCompleted:' || d.id || ':' || x.uid FROM "Deal" d, LATERAL (VALUES (d."providerId"), (d."seekerId")) x(uid) WHERE d.status = 'completed'
            UNION ALL SELECT d.id, 'dealCancelled:' || d.id || ':' || CASE WHEN d."cancelledById" = d."providerId" THEN d."seekerId" ELSE d."providerId" END FROM "Deal" d WHERE d.status = 'cancelled' AND d."cancelledById" IS NOT NULL
            UNION ALL SELECT d.id, 'dealConfirmed:' || d.id || ':provider:' || d."seekerId" FROM "Deal" d WHERE d.status <> 'completed' AND d."providerConfirmedAt" IS NOT NULL
            UNION ALL SELECT d.id, 'dealConfirmed:' || d.id || ':seeker:' || d."providerId" FROM "Deal" d WHERE d.status <> 'completed' AND d."seekerConfirmedAt" IS NOT NULL
            UNION ALL SELECT p.id, 'payoutPaid:' || p.id || ':' || p."userId" FROM "Payout" p WHERE p.status = 'paid'
            UNION ALL SELECT p.id, 'payoutFailed:' || p.id || ':' || p."userId" FROM "Payout" p WHERE p.status IN ('failed', 'rejected')
            UNION ALL SELECT p.id, 'purchaseReceipt:' || p.id || ':' || p."userId" FROM "Purchase" p WHERE p.status IN ${PAID_LIKE}
          )
          SELECT e.ref AS id, 'no mail ' || e.key AS detail FROM expected e WHERE NOT EXISTS (SELECT 1 FROM "MailOutbox" mo WHERE mo.key = e.key)
          UNION ALL
          SELECT m.id, 'match still waiting to be told' FROM "Match" m WHERE m."notifyPending"`,
  },
];

/** Checks that depend on what the suite did: purchases it paid must not be left pending. */
function suiteChecks(paidPurchases: string[], referred: { emails: string[]; partnerId: string }): InvariantQuery[] {
  const ids = paidPurchases.map((id) => `'${id.replace(/[^0-9a-f-]/gi, '')}'`).join(', ') || `''`;
  const emails = referred.emails.map((e) => `'${e.replace(/[^a-z0-9@.-]/gi, '')}'`).join(', ') || `''`;
  const partner = referred.partnerId.replace(/[^0-9a-z-]/gi, '');
  return [
    {
      // Decision 061: the user row, the credential and the referrer commit together, whatever was killed.
      name: 'every referred sign-up has its attribution and its password',
      sql: `SELECT u.id, u.email || ': referredBy ' || COALESCE(u."referredById", 'none') || ', credentials ' ||
                   (SELECT COUNT(*) FROM "account" a WHERE a."userId" = u.id AND a."providerId" = 'credential') || ', signup events ' ||
                   (SELECT COUNT(*) FROM "ReferralEvent" e WHERE e."userId" = u.id AND e.kind = 'signup' AND e."partnerId" = '${partner}') AS detail
            FROM "user" u WHERE u.email IN (${emails})
              AND (u."referredById" IS DISTINCT FROM '${partner}'
                   OR (SELECT COUNT(*) FROM "account" a WHERE a."userId" = u.id AND a."providerId" = 'credential') <> 1
                   OR (SELECT COUNT(*) FROM "ReferralEvent" e WHERE e."userId" = u.id AND e.kind = 'signup' AND e."partnerId" = '${partner}') <> 1)`,
    },
    {
      name: 'no checkout left pending that was paid',
      sql: `SELECT id, status || ' (paid by the suite)' AS detail FROM "Purchase" WHERE id IN (${ids}) AND status NOT IN ${PAID_LIKE}`,
    },
  ];
}

/** Runs every check through the given query function (pg here, Prisma's $queryRawUnsafe in the tests). */
export async function runInvariants(
  query: (sql: string) => Promise<{ id: unknown; detail: unknown }[]>,
  opts: { paidPurchases: string[]; referred?: { emails: string[]; partnerId: string } },
): Promise<InvariantResult[]> {
  const out: InvariantResult[] = [];
  for (const q of [...LEDGER_INVARIANTS, ...DOMAIN_INVARIANTS, ...suiteChecks(opts.paidPurchases, opts.referred ?? { emails: [], partnerId: '' })]) {
    const rows = await query(q.sql);
    out.push({ name: q.name, violations: rows.map((row) => ({ id: String(row.id), detail: String(row.detail) })) });
  }
  return out;
}

export async function checkInvariants(
  url: string,
  opts: { paidPurchases: string[]; referred?: { emails: string[]; partnerId: string } },
): Promise<InvariantResult[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await runInvariants(async (sql) => (await c.query<{ id: unknown; detail: unknown }>(sql)).rows, opts);
  } finally {
    await c.end();
  }
}
