// Every command that moves a request's escrow, changes whether it sells unlocks or adds an offer (unlock, offer, settle, close or
// expire with refunds, accept an offer, cancel a deal) takes the request's row lock first, so they run one
// after the other per request and a settlement sees every unlock committed before it (decision 019).
import type { DbTx } from '../../db.ts';

export interface LockedRequest {
  id: string;
  status: string;
  acceptedOfferId: string | null;
  unlockCount: number;
  maxUnlocks: number;
  kategorie: string;
}

/** Locks the request's row until the transaction ends; null when there is no such request. */
export async function lockRequest(tx: DbTx, requestId: string): Promise<LockedRequest | null> {
  const [row] = await tx.$queryRaw<LockedRequest[]>`
    SELECT "id", "status", "acceptedOfferId", "unlockCount", "maxUnlocks", "kategorie" FROM "Request" WHERE "id" = ${requestId} FOR UPDATE`;
  return row ?? null;
}
