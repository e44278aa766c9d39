// The seeker's share of a request's paid escrow at settlement: each unlock's paid part at the platform rate
// recorded on that unlock. Unlocks of the same rate are summed before rounding (so at 50 % it is exactly the old
// 'smaller half'); the seeker's part is rounded down, the platform gets the rest. Any paid escrow not covered
// by an active unlock (none, while the escrow invariant holds) is split at the default rate. Decision 032.
import { DEFAULT_COMMISSION_RATE_BP } from './price-list.ts';

const BP = 10_000n;

export function seekerShareOf(paidEscrow: bigint, unlocks: readonly { paid: bigint; commissionRateBp: number }[]): bigint {
  if (paidEscrow <= 0n) return 0n;
  const byRate = new Map<number, bigint>();
  let covered = 0n;
  for (const u of unlocks) {
    if (u.paid <= 0n) continue;
    byRate.set(u.commissionRateBp, (byRate.get(u.commissionRateBp) ?? 0n) + u.paid);
    covered += u.paid;
  }
  const rest = paidEscrow - covered;
  if (rest > 0n) byRate.set(DEFAULT_COMMISSION_RATE_BP, (byRate.get(DEFAULT_COMMISSION_RATE_BP) ?? 0n) + rest);
  let seeker = 0n;
  for (const [rateBp, paid] of byRate) seeker += (paid * (BP - BigInt(rateBp))) / BP;
  return seeker > paidEscrow ? paidEscrow : seeker;
}
