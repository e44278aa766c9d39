// The provider screens' calls and the shapes the server answers (server/http/providers.ts, deals.ts,
// marketplace.schemas.ts). One data path per screen: the dashboard reads only these.
import { api, ApiError } from '@/lib/api';
import type { UnlockQuote, UnlockResult } from '../../../machines/unlock.machine.ts';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  type DocumentKind,
  type DocumentSummary,
  type ProviderFeed as Feed,
} from '../../../core/api/provider.ts';

import type { CategoryId } from '../../../core/categories/category-ids.ts';
import type { ProviderProfileOutput as ProviderProfile, PublicProvider as PublicProviderPage } from '../../../core/providers/providers.schemas.ts';
import type { TraderInput } from './trader-details';

export { CATEGORY_IDS, type CategoryId } from '../../../core/categories/category-ids.ts';
export type { ProviderProfile, Feed };
/** GET /api/providers/:id: the public page, and whether the signed-in person keeps it as a favourite (null when not signed in). */
export type PublicProvider = PublicProviderPage & { favorite: boolean | null };
export type { RequestTeaser, RequestDetails } from '../../../core/api/provider.ts';
export type { MatchCard as MatchCardData } from '../../../core/api/provider.ts';

export type Verification = ProviderProfile['verification'];

export interface ProfileInput {
  firmenname: string;
  categories: CategoryId[];
  postcode: string;
  radiusKm: number;
  description: string;
  phone: string;
  email: string;
  acceptsMatches: boolean;
  minBudget: number | null;
}

export interface SavedProfile {
  profile: ProviderProfile;
  created: boolean;
  bonusGranted: number;
  matched: number;
}

export type VerificationDocument = DocumentSummary;

export { DOCUMENT_KINDS, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type DocumentKind };

export type PublicReview = PublicProviderPage['reviews'][number];

export const FEED_PAGE = 20;

export const providerApi = {
  profile: () => api<{ profile: ProviderProfile | null }>('/api/provider/profile'),
  saveProfile: (body: ProfileInput & { trader?: TraderInput }) => api<SavedProfile>('/api/provider/profile', { method: 'PUT', body }),
  /** `fresh`: after a live event, so that a read replica that lags cannot hide what the event announced. */
  matches: (opts: { cursor?: string | null; limit?: number; fresh?: boolean } = {}) => {
    const q = new URLSearchParams();
    if (opts.cursor) q.set('cursor', opts.cursor);
    q.set('limit', String(opts.limit ?? FEED_PAGE));
    return api<Feed>(`/api/provider/matches?${q}`, opts.fresh ? { fresh: true } : {});
  },
  dismiss: (matchId: string) => api<{ ok: true }>(`/api/provider/matches/${matchId}/dismiss`, { method: 'POST', body: {} }),
  quote: (requestId: string) => api<UnlockQuote>(`/api/provider/requests/${requestId}/unlock-quote`),
  /** Unlocks at the price the provider confirmed; a changed price answers UNLOCK_PRICE_CHANGED with the fresh quote (ApiError.details.quote). */
  unlock: (requestId: string, price: number) => api<UnlockResult>(`/api/provider/requests/${requestId}/unlock`, { method: 'POST', body: { price } }),
  createOffer: (body: { requestId: string; price: number; beschreibung: string; verfuegbarkeit: string }) =>
    api<{ id: string; requestId: string; status: string; priceCents: number }>('/api/provider/offers', { method: 'POST', body }),
  withdrawOffer: (offerId: string) => api<{ status: string }>(`/api/provider/offers/${offerId}/withdraw`, { method: 'POST', body: {} }),
  confirmDeal: (dealId: string) => api<{ dealId: string; status: string; completed: boolean }>(`/api/deals/${dealId}/confirm`, { method: 'POST', body: {} }),
  cancelDeal: (dealId: string, reason: string) =>
    api<{ dealId: string; status: 'cancelled' }>(`/api/deals/${dealId}/cancel`, { method: 'POST', body: { reason } }),
  documents: () => api<{ documents: VerificationDocument[] }>('/api/provider/verification'),
  publicProvider: (id: string) => api<PublicProvider>(`/api/providers/${id}`),
  setFavorite: (id: string, favorite: boolean) => api<{ favorite: boolean }>(`/api/favorites/${id}`, { method: favorite ? 'PUT' : 'DELETE' }),
};

/** Sends the file itself as the body with its own Content-Type. */
export function uploadDocument(kind: DocumentKind, file: File): Promise<VerificationDocument> {
  const q = new URLSearchParams({ kind, fileName: file.name });
  return api<VerificationDocument>(`/api/provider/verification?${q}`, { method: 'POST', file: { data: file, type: file.type } });
}

/** Server field errors ('body.postcode', 'body.categories.0') by their first field name, with the server's translated message. */
export function fieldErrorsOf(e: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(e instanceof ApiError)) return out;
  for (const f of e.fields) {
    const name = f.path.replace(/^body\./, '').split('.')[0];
    if (name && !out[name]) out[name] = f.message;
  }
  return out;
}
