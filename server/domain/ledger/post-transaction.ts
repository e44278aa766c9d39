// One movement of money: a balanced set of entries (summing to zero) under an idempotency key, written in
// the caller's database transaction. A debit that would take an account below zero (unless the account
// may go negative) fails the whole movement; the same key twice books once.
import type { DbTx } from '../../db.ts';
import { ACCOUNT_KINDS, ensureAccounts, refKey, type AccountKind, type AccountRef } from './accounts.ts';

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
}

export interface Posted {
  transactionId: string;
  /** True when a transaction with this key existed already (nothing was booked now). */
  repeated: boolean;
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

/**
 * Books the lines in `tx`. Call it inside the interactive transaction of the command that moves the money,
 * so the booking and the command's own rows commit or fail together.
 */
export async function postTransaction(tx: DbTx, input: PostInput): Promise<Posted> {
  assertBalanced(input.lines);
  const existing = await tx.ledgerTransaction.findUnique({ where: { idempotencyKey: input.idempotencyKey }, select: { id: true, kind: true } });
  if (existing) {
    if (existing.kind !== input.kind) throw new Error(`idempotency key ${input.idempotencyKey} was used for ${existing.kind}`);
    return { transactionId: existing.id, repeated: true };
  }
  const ids = await ensureAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  // Claims the key first: a concurrent booking of the same key fails here (unique index) and rolls back.
  const created = await tx.ledgerTransaction.create({
    data: { idempotencyKey: input.idempotencyKey, kind: input.kind, reference: input.reference ?? null, memo: (input.memo ?? undefined) as never },
    select: { id: true },
  });
  // Lines on the same account are summed; accounts are updated in id order so concurrent bookings never deadlock.
  const byAccount = new Map<string, { ref: AccountRef; amount: bigint }>();
  for (const l of input.lines) {
    const id = ids.get(refKey(l.account))!;
    const cur = byAccount.get(id);
    byAccount.set(id, { ref: l.account, amount: (cur?.amount ?? 0n) + l.amount });
  }
  const entries: { transactionId: string; accountId: string; amount: bigint; balanceAfter: bigint }[] = [];
  for (const [accountId, { ref, amount }] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (amount === 0n) continue;
    const rows = await tx.$queryRaw<{ balance: bigint }[]>`
      UPDATE "LedgerAccount" SET "balance" = "balance" + ${amount}
      WHERE "id" = ${accountId} AND ("allowNegative" OR "balance" + ${amount} >= 0)
      RETURNING "balance"`;
    if (rows.length !== 1) throw new InsufficientFundsError(ref);
    entries.push({ transactionId: created.id, accountId, amount, balanceAfter: BigInt(rows[0]!.balance) });
  }
  await tx.ledgerEntry.createMany({ data: entries });
  return { transactionId: created.id, repeated: false };
}
