// The provider's feed, match cards, request views and documents (server/http/providers.ts), for server and client.
import type { z } from 'zod';
import type { CategoryId } from '../categories/category-ids.ts';
import type { pendingDocumentSchema } from '../contract/admin.ts';

export interface RequestTeaser {
  id: string;
  kategorie: CategoryId;
  title: string;
  descriptionPreview: string;
  placeMasked: string | null;
  postcodeMasked: string | null;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: string;
  date: string | null;
  status: string;
  unlocked: number;
  maxUnlocks: number;
  /** Goints an unlock costs now: the price list's entry for the category (decision 032). */
  unlockPrice: number;
  createdAt: string;
}

export interface RequestDetails extends Omit<RequestTeaser, 'placeMasked' | 'postcodeMasked'> {
  description: string;
  postcode: string | null;
  place: string | null;
  contact: { firstName: string | null; name: string | null; email: string | null };
  /** The contact data is no longer shown: the request ended longer ago than the retention setting, or the seeker deleted the account. */
  contactHidden?: boolean;
}

export type MatchCard = {
  id: string;
  status: string;
  distanceKm: number;
  createdAt: string;
  offer: { id: string; status: string; priceCents: number; beschreibung: string; verfuegbarkeit: string; createdAt: string } | null;
  deal: { id: string; status: string } | null;
} & ({ unlocked: false; request: RequestTeaser } | { unlocked: true; request: RequestDetails });

export interface ProviderFeed {
  matches: MatchCard[];
  /** Goints to spend, paid and promotional together. */
  balance: number;
  /** The promotional part (welcome bonus, test checkout, goodwill): spent first, never anyone's cash. */
  promoBalance: number;
  nextCursor: string | null;
}

export const DOCUMENT_KINDS = ['gewerbeschein', 'handwerkskarte'] as const;

export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentSummary {
  id: string;
  kind: DocumentKind;
  fileName: string;
  mimeType: string;
  size: number;
  status: 'pending' | 'approved' | 'rejected';
  note: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** A document as the admins' verification queue lists it: the response of its endpoint (core/contract/admin.ts). */
export type PendingDocument = z.output<typeof pendingDocumentSchema>;

export interface ProviderStats {
  ratingAvg: number | null;
  ratingCount: number;
  verified: boolean;
  badge: 'verifiziert' | 'top_bewertet' | null;
  medianResponseMinutes: number | null;
}

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
