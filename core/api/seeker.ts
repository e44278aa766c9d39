// The seeker's dashboard and offers (server/http/seekers.ts), for server and client.
import type { CategoryId } from '../categories/category-ids.ts';
import type { ProviderStats } from './provider.ts';
import type { TraderDetailsView } from '../providers/trader-details.ts';

export interface SeekerOffer {
  id: string;
  requestId: string;
  request: { kategorie: CategoryId; place: string | null; budgetMin: number | null; budgetMax: number | null; status: string };
  provider: { id: string; firmenname: string } & Pick<ProviderStats, 'ratingAvg' | 'ratingCount' | 'badge' | 'verified' | 'medianResponseMinutes'>;
  priceCents: number;
  beschreibung: string;
  /** The text was removed or restricted after a report: beschreibung is empty. */
  textHidden: boolean;
  verfuegbarkeit: string;
  status: string;
  createdAt: string;
  responseMinutes: number | null;
  rank: number | null;
  deal: { id: string; status: string; providerConfirmed: boolean; seekerConfirmed: boolean; reviewed: boolean } | null;
  contact: { phone: string; email: string; trader: TraderDetailsView | null } | null;
}

export interface SeekerRequestRow {
  id: string;
  kategorie: CategoryId;
  beschreibung: string;
  ort: string | null;
  postcode: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: string | null;
  status: string;
  active: boolean;
  /** The seeker may close it now (the same rule as closeRequest). */
  closable: boolean;
  offers: number;
  unlocked: number;
  maxUnlocks: number;
  dealStatus: string | null;
  /** Why the akut team released, rejected or closed it. */
  adminReason: string | null;
  createdAt: string;
  expiresAt: string | null;
}

export interface SeekerDashboard {
  stats: { activeRequests: number; offersReceived: number; bestOfferCents: number | null; points: number; earningsCents: number };
  requests: SeekerRequestRow[];
}
