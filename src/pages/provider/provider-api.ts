// The provider screens' calls and the shapes the server answers (server/http/providers.ts, deals.ts,
// marketplace.schemas.ts). One data path per screen: the dashboard reads only these.
import { currentLang } from '@/i18n';
import { api, ApiError, type FieldError } from '@/lib/api';
import type { UnlockQuote, UnlockResult } from '../../../machines/unlock.machine.ts';
import type { DocumentSummary } from '../../../server/domain/providers/verification-documents.ts';

export const CATEGORY_IDS = [
  'auto',
  'urlaub_reisen',
  'versicherung',
  'essen',
  'gastronomie',
  'dienstleistungen',
  'immobilien',
  'elektronik',
  'beauty',
  'handwerk',
  'news',
] as const;
export type CategoryId = (typeof CATEGORY_IDS)[number];

export type Verification = 'none' | 'pending' | 'verified' | 'rejected';

export interface ProviderProfile {
  userId: string;
  firmenname: string;
  categories: CategoryId[];
  postcode: string;
  place: string;
  radiusKm: number;
  description: string;
  phone: string;
  email: string;
  acceptsMatches: boolean;
  minBudget: number | null;
  verification: Verification;
}

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

interface TeaserBase {
  id: string;
  kategorie: CategoryId;
  title: string;
  descriptionPreview: string;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: string | null;
  status: string;
  unlocked: number;
  maxUnlocks: number;
  /** Goints an unlock costs now (the price list's entry for the category). */
  unlockPrice: number;
  createdAt: string;
}

export interface RequestTeaser extends TeaserBase {
  placeMasked: string | null;
  postcodeMasked: string | null;
}

export interface RequestDetails extends TeaserBase {
  description: string;
  postcode: string | null;
  place: string | null;
  contact: { firstName: string | null; name: string | null; email: string | null };
  /** Hidden after the contact retention period or when the seeker deleted the account (decision 046). */
  contactHidden?: boolean;
}

export interface CardOffer {
  id: string;
  status: string;
  priceCents: number;
  beschreibung: string;
  verfuegbarkeit: string;
  createdAt: string;
}

export type DealStatus = 'awaiting_both' | 'awaiting_provider' | 'awaiting_seeker' | 'completed' | 'cancelled';

interface CardBase {
  id: string;
  status: string;
  distanceKm: number;
  createdAt: string;
  offer: CardOffer | null;
  deal: { id: string; status: DealStatus | string } | null;
}

export type MatchCardData = CardBase & ({ unlocked: false; request: RequestTeaser } | { unlocked: true; request: RequestDetails });

export interface Feed {
  matches: MatchCardData[];
  balance: number;
  promoBalance: number;
  nextCursor: string | null;
}

export type VerificationDocument = DocumentSummary;

export const DOCUMENT_KINDS = ['gewerbeschein', 'handwerkskarte'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export interface PublicReview {
  rating: number;
  testimonial: string;
  customer: string;
  category: CategoryId;
  createdAt: string;
}

export interface PublicProvider {
  id: string;
  firmenname: string;
  description: string;
  categories: CategoryId[];
  place: string;
  postcodeArea: string;
  radiusKm: number;
  verified: boolean;
  badge: 'verifiziert' | 'top_bewertet' | null;
  ratingAvg: number | null;
  ratingCount: number;
  dealsCompleted: number;
  medianResponseMinutes: number | null;
  reviews: PublicReview[];
  memberSince: string;
  /** null when not signed in */
  favorite: boolean | null;
}

export const FEED_PAGE = 20;

export const providerApi = {
  profile: () => api<{ profile: ProviderProfile | null }>('/api/provider/profile'),
  saveProfile: (body: ProfileInput) => api<SavedProfile>('/api/provider/profile', { method: 'PUT', body }),
  matches: (opts: { cursor?: string | null; limit?: number } = {}) => {
    const q = new URLSearchParams();
    if (opts.cursor) q.set('cursor', opts.cursor);
    q.set('limit', String(opts.limit ?? FEED_PAGE));
    return api<Feed>(`/api/provider/matches?${q}`);
  },
  dismiss: (matchId: string) => api<{ ok: true }>(`/api/provider/matches/${matchId}/dismiss`, { method: 'POST', body: {} }),
  quote: (requestId: string) => api<UnlockQuote>(`/api/provider/requests/${requestId}/unlock-quote`),
  unlock: (requestId: string) => api<UnlockResult>(`/api/provider/requests/${requestId}/unlock`, { method: 'POST', body: {} }),
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

/** Sends the file itself as the body with its own Content-Type (api() speaks JSON only). */
export async function uploadDocument(kind: DocumentKind, file: File): Promise<VerificationDocument> {
  const q = new URLSearchParams({ kind, fileName: file.name });
  let res: Response;
  try {
    res = await fetch(`/api/provider/verification?${q}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-akut-lang': currentLang(), 'content-type': file.type || 'application/octet-stream' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', '');
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: FieldError[] } } | null)?.error ?? {};
    throw new ApiError(res.status, e.code ?? `HTTP_${res.status}`, e.message ?? '', e.fields ?? []);
  }
  return data as VerificationDocument;
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
