// When an offer may be made and when it may be accepted, pure (decision 052): the domain commands
// (create-offer.ts, accept-offer.ts) and the chat's checks before the form or the confirmation card.

export interface OfferFacts {
  /** The request's status; null when it does not exist. */
  requestStatus: string | null;
  /** The provider unlocked the request. */
  unlocked: boolean;
  /** The provider already made an offer on it (one per provider and request). */
  offered: boolean;
  /** The provider's trader details are on file (DSA Art. 30: no offers to consumers without them). */
  traderDetails: boolean;
}

export type OfferRefusal = 'NOT_FOUND' | 'NOT_UNLOCKED' | 'REQUEST_NOT_AVAILABLE' | 'OFFER_EXISTS' | 'TRADER_DETAILS_REQUIRED';

/** Whether a provider may make an offer on a request now; null: they may. */
export function offerRefusal(f: OfferFacts): OfferRefusal | null {
  if (f.requestStatus === null) return 'NOT_FOUND';
  if (!f.unlocked) return 'NOT_UNLOCKED';
  if (f.requestStatus !== 'open') return 'REQUEST_NOT_AVAILABLE';
  if (f.offered) return 'OFFER_EXISTS';
  if (!f.traderDetails) return 'TRADER_DETAILS_REQUIRED';
  return null;
}

export interface AcceptableOffer {
  status: string;
  request: { status: string; acceptedOfferId: string | null };
}

/** Whether the seeker may accept this offer now: sent, on an open request that has no accepted offer. */
export function offerAcceptRefusal(o: AcceptableOffer): 'OFFER_NOT_AVAILABLE' | null {
  return o.status !== 'versendet' || o.request.status !== 'open' || o.request.acceptedOfferId ? 'OFFER_NOT_AVAILABLE' : null;
}
