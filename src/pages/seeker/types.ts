// Shapes of the seeker doors (server/http/seekers.ts, server/http/marketplace.schemas.ts) as the dashboard reads them.
export type ProviderBadgeValue = 'verifiziert' | 'top_bewertet' | null;

export interface SeekerRequest {
  id: string;
  kategorie: string;
  beschreibung: string;
  ort: string | null;
  postcode: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: string | null;
  status: string;
  active: boolean;
  offers: number;
  unlocked: number;
  maxUnlocks: number;
  dealStatus: string | null;
  createdAt: string;
  expiresAt: string | null;
}

export interface SeekerDashboard {
  stats: { activeRequests: number; offersReceived: number; offersValueCents: number; points: number; earningsCents: number };
  requests: SeekerRequest[];
}

export interface OfferDeal {
  id: string;
  status: string;
  providerConfirmed: boolean;
  seekerConfirmed: boolean;
  reviewed: boolean;
}

export interface SeekerOffer {
  id: string;
  requestId: string;
  request: { kategorie: string; place: string | null; budgetMin: number | null; budgetMax: number | null; status: string };
  provider: {
    id: string;
    firmenname: string;
    ratingAvg: number | null;
    ratingCount: number;
    badge: ProviderBadgeValue;
    verified: boolean;
    medianResponseMinutes: number | null;
  };
  priceCents: number;
  beschreibung: string;
  verfuegbarkeit: string;
  status: string;
  createdAt: string;
  responseMinutes: number | null;
  rank: number | null;
  deal: OfferDeal | null;
  contact: { phone: string; email: string } | null;
}

export interface SeekerOffers {
  top: SeekerOffer[];
  all: SeekerOffer[];
}

/** Deal states in which neither side may still confirm or cancel. */
export const DEAL_FINISHED = ['completed', 'cancelled'];
