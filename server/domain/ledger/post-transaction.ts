// The one ledger writer (decisions 011 and 065): a balanced set of entries (summing to zero) under an
// idempotency key, written in the caller's database transaction. A debit that would take an account below zero
// (unless the account may go negative) books nothing of the movement; the same key twice books once.
//
// One statement when the accounts exist (claim the key, lock the accounts in id order, update each balance
// with the never-below-zero guard, write the entries with balanceAfter), one more to create accounts the first
// time they are used. Every money movement of the product goes through here, the unlock included.
//
// A command may hand the booking a guard (`PostInput.guard`): a compare-and-set of what it read, evaluated
// (and its locks taken) before the accounts are locked, and its own rows, written in the same statement only
// when the booking is made. The unlock books that way in one statement outside any transaction (decision 065):
// the ledger's tables are still written here only.
import crypto from 'node:crypto';
import { Prisma } from '../../generated/prisma/client.ts';
import type { SqlTx } from '../../db.ts';
import { ACCOUNT_KINDS, createAccounts, refKey, type AccountKind, type AccountRef } from './accounts.ts';

export interface LedgerLine {
  account: AccountRef;
  /** milli-Goints; positive credits the account, negative debits it. */
  amount: bigint;
}

export interface PostInput {
  idempotencyKey: string;
  kind: string;
  reference?: string;
  memo?: Record<string, unknown>;
  lines: readonly LedgerLine[];
  /** Book only if the command's facts still hold, and write its own rows with the booking (one statement). */
  guard?: LedgerGuard;
}

/**
 * A command's condition on a booking and its rows beside it, as SQL the booking statement embeds:
 * `ctes` defines (besides helpers) a CTE named `guard` that returns a row when the booking may go ahead; it is
 * evaluated before the accounts are locked, so locks it takes (FOR UPDATE) come first, and nothing is locked
 * or written when it returns none. `alongside` are data-modifying CTEs for the command's own tables (never
 * the ledger's), each gated on `EXISTS (SELECT 1 FROM claim)`, so they are written only with the booking;
 * `claim` holds the new transaction's id.
 */
export interface LedgerGuard {
  ctes: Prisma.Sql;
  alongside?: Prisma.Sql;
}

export interface Posted {
  transactionId: string;
  /** True when a transaction with this key existed already (nothing was booked now). */
  repeated: boolean;
}

/** The guard of a booking returned no row: the command's facts changed since it read them; nothing was written. */
export class LedgerGuardFailed extends Error {
  constructor(key: string) {
    super(`the guard of ledger transaction ${key} did not hold`);
    this.name = 'LedgerGuardFailed';
  }
}

/** A debit would take an account below zero. */
export class InsufficientFundsError extends Error {
  readonly accountKind: AccountKind;
  readonly ownerId: string;
  constructor(ref: AccountRef) {
    super(`insufficient funds in ${refKey(ref)}`);
    this.name = 'InsufficientFundsError';
    this.accountKind = ref.kind;
    this.ownerId = ref.ownerId;
  }
}

export function isInsufficientFunds(e: unknown, kind?: AccountKind): e is InsufficientFundsError {
  return e instanceof InsufficientFundsError && (!kind || e.accountKind === kind);
}

export function assertBalanced(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new Error('a ledger transaction needs at least two lines');
  let sum = 0n;
  for (const l of lines) {
    if (typeof l.amount !== 'bigint' || l.amount === 0n) throw new Error('ledger amounts are non-zero BigInts');
    if (!(l.account.kind in ACCOUNT_KINDS)) throw new Error(`unknown account kind ${l.account.kind}`);
    sum += l.amount;
  }
  if (sum !== 0n) throw new Error(`ledger transaction does not balance (sum ${sum})`);
}

interface BookRow {
  existing_id: string | null;
  existing_kind: string | null;
  /** Lines whose account does not exist yet. */
  missing: number;
  /** Accounts the movement would take below zero, as 'kind:owner'. */
  short: string[] | null;
  /** 1 when the guard held (always without one). */
  guarded: number;
  claimed: number;
  entries: number;
}

/**
 * Books the lines in `tx`. Call it inside the interactive transaction of the command that moves the money,
 * so the booking and the command's own rows commit or fail together.
 */
export async function postTransaction(tx: SqlTx, input: PostInput): Promise<Posted> {
  assertBalanced(input.lines);
  // Lines on the same account are summed (an account appears once in the statement).
  const byAccount = new Map<string, { ref: AccountRef; amount: bigint }>();
  for (const l of input.lines) {
    const key = refKey(l.account);
    byAccount.set(key, { ref: l.account, amount: (byAccount.get(key)?.amount ?? 0n) + l.amount });
  }
  const lines = [...byAccount.values()].filter((l) => l.amount !== 0n);
  const transactionId = crypto.randomUUID();
  let row = await book(tx, input, transactionId, lines);
  if (!row.existing_id && !row.guarded) throw new LedgerGuardFailed(input.idempotencyKey);
  if (row.missing > 0 && !row.existing_id) {
    // First use of an account (a new wallet, a request's first escrow): create it, then book.
    await createAccounts(
      tx,
      lines.map((l) => l.ref),
    );
    row = await book(tx, input, transactionId, lines);
    if (!row.existing_id && !row.guarded) throw new LedgerGuardFailed(input.idempotencyKey);
  }
  let existing: { id: string; kind: string | null } | undefined = row.existing_id ? { id: row.existing_id, kind: row.existing_kind } : undefined;
  if (!existing && row.short?.length) {
    const [kind, ...owner] = row.short[0]!.split(':');
    throw new InsufficientFundsError({ kind: kind as AccountKind, ownerId: owner.join(':') });
  }
  if (!existing && row.claimed === 0) {
    // Booked under this key by a transaction that committed while this one waited for the accounts.
    [existing] = await tx.$queryRaw<{ id: string; kind: string }[]>`
      SELECT "id", "kind" FROM "LedgerTransaction" WHERE "idempotencyKey" = ${input.idempotencyKey}`;
    if (!existing) throw new Error(`ledger transaction ${input.idempotencyKey} neither booked nor found`);
  }
  if (!existing && row.entries !== lines.length) throw new Error(`ledger transaction ${input.idempotencyKey} wrote ${row.entries} of ${lines.length} entries`);
  if (existing) {
    if (existing.kind !== input.kind) throw new Error(`idempotency key ${input.idempotencyKey} was used for ${existing.kind}`);
    return { transactionId: existing.id, repeated: true };
  }
  return { transactionId, repeated: false };
}

/**
 * The booking as one statement. A key booked already (`existing`), an account missing, or a debit below zero
 * (`short`) leaves everything as it was: the key is claimed only when every account is there and covers its
 * debit, and the balances and entries are written only when the key was claimed. The accounts are locked in id
 * order first (FOR UPDATE, the latest committed balances), so concurrent bookings never wait in a circle.
 */
async function book(tx: SqlTx, input: PostInput, transactionId: string, lines: readonly { ref: AccountRef; amount: bigint }[]): Promise<BookRow> {
  const values = Prisma.join(lines.map((l) => Prisma.sql`(${l.ref.kind}::text, ${l.ref.ownerId}::text, ${l.amount}::bigint)`));
  const memo = input.memo === undefined ? null : JSON.stringify(input.memo);
  const guard = input.guard?.ctes ?? Prisma.sql`guard AS (SELECT 1)`;
  const alongside = input.guard?.alongside ? Prisma.sql`, ${input.guard.alongside}` : Prisma.empty;
  const [row] = await tx.$queryRaw<BookRow[]>`
    WITH existing AS (
      SELECT t."id", t."kind" FROM "LedgerTransaction" t WHERE t."idempotencyKey" = ${input.idempotencyKey}
    ), ${guard}, lines ("kind", "ownerId", "amount") AS (VALUES ${values}
    ), locked AS MATERIALIZED (
      SELECT a."id", a."kind", a."ownerId", a."balance", a."allowNegative" FROM "LedgerAccount" a
      JOIN lines l ON l."kind" = a."kind" AND l."ownerId" = a."ownerId"
      WHERE NOT EXISTS (SELECT 1 FROM existing) AND EXISTS (SELECT 1 FROM guard)
      ORDER BY a."id" FOR UPDATE OF a
    ), short AS (
      SELECT k."kind" || ':' || k."ownerId" AS "ref" FROM locked k JOIN lines l ON l."kind" = k."kind" AND l."ownerId" = k."ownerId"
      WHERE NOT k."allowNegative" AND k."balance" + l."amount" < 0
    ), claim AS (
      INSERT INTO "LedgerTransaction" ("id", "idempotencyKey", "kind", "reference", "memo", "createdAt")
      SELECT ${transactionId}, ${input.idempotencyKey}, ${input.kind}, ${input.reference ?? null}::text, ${memo}::jsonb, now() AT TIME ZONE 'UTC'
      WHERE NOT EXISTS (SELECT 1 FROM existing) AND NOT EXISTS (SELECT 1 FROM short)
        AND (SELECT count(*) FROM locked) = ${lines.length}
      ON CONFLICT ("idempotencyKey") DO NOTHING
      RETURNING "id"
    ), moved AS (
      UPDATE "LedgerAccount" a SET "balance" = a."balance" + l."amount"
      FROM lines l
      WHERE l."kind" = a."kind" AND l."ownerId" = a."ownerId" AND EXISTS (SELECT 1 FROM claim)
      RETURNING a."id", a."balance", l."amount"
    ), entries AS (
      INSERT INTO "LedgerEntry" ("id", "transactionId", "accountId", "amount", "balanceAfter", "createdAt")
      SELECT gen_random_uuid()::text, ${transactionId}, m."id", m."amount", m."balance", now() AT TIME ZONE 'UTC' FROM moved m
      RETURNING 1
    )${alongside}
    SELECT (SELECT "id" FROM existing) AS "existing_id", (SELECT "kind" FROM existing) AS "existing_kind",
      (SELECT count(*) FROM guard)::int AS "guarded",
      CASE WHEN EXISTS (SELECT 1 FROM existing) THEN 0 ELSE ${lines.length} - (SELECT count(*) FROM locked) END::int AS "missing",
      (SELECT array_agg("ref" ORDER BY "ref") FROM short) AS "short",
      (SELECT count(*) FROM claim)::int AS "claimed", (SELECT count(*) FROM entries)::int AS "entries"`;
  if (!row) throw new Error('the ledger booking returned no row');
  return row;
}
