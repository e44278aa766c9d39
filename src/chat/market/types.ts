// The data of the marketplace tools' outputs (server/chat/tools/market.ts), read defensively.
export interface ChatRequestView {
  id: string;
  kategorie: string;
  title: string;
  descriptionPreview?: string;
  description?: string;
  placeMasked?: string | null;
  postcodeMasked?: string | null;
  place?: string | null;
  postcode?: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  unlocked: number;
  maxUnlocks: number;
  /** Goints an unlock costs now (absent in outputs stored before the price list). */
  unlockPrice?: number;
  contact?: { firstName: string | null; name: string | null; email: string | null };
}

export interface ChatMatchCard {
  id: string;
  ref: string;
  unlocked: boolean;
  distanceKm: number;
  request: ChatRequestView;
  offer: { id: string; status: string; priceCents: number } | null;
  deal: { id: string; status: string } | null;
  dealRef: string | null;
}

export interface ChatOffer {
  id: string;
  ref: string;
  rank: number | null;
  priceCents: number;
  beschreibung: string;
  verfuegbarkeit: string;
  status: string;
  provider: { id: string; firmenname: string; ratingAvg: number | null; ratingCount: number; badge: 'verifiziert' | 'top_bewertet' | null };
  request: { kategorie: string; place: string | null };
  deal: { id: string; status: string; providerConfirmed: boolean; seekerConfirmed: boolean } | null;
  dealRef: string | null;
}

export interface ChatDealToRate {
  id: string;
  ref: string;
  counterpart: string;
  valueCents: number;
  kategorie: string;
}

export const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
