// What the deal doors answer with (server/http/deals.ts), for server and client.
import type { CategoryId } from '../categories/category-ids.ts';

export interface UserDeal {
  id: string;
  role: 'provider' | 'seeker';
  status: string;
  valueCents: number;
  requestId: string;
  kategorie: CategoryId;
  place: string | null;
  counterpart: string;
  providerConfirmed: boolean;
  seekerConfirmed: boolean;
  reviewed: boolean;
  providerContactVisible: boolean;
  seekerContactVisible: boolean;
  createdAt: string;
  completedAt: string | null;
}

export interface SuccessfulDeal {
  id: string;
  kategorie: CategoryId;
  providerId: string;
  providerName: string;
  /** The seeker's first name when shown, else null ('Anonym'). */
  customer: string | null;
  /** The review, for 'Melden'; null without a review or when it was removed after a report. */
  reviewId: string | null;
  rating: number | null;
  testimonial: string | null;
  valueCents: number;
  location: string | null;
  completedAt: string;
  contactVisible: boolean;
}

export interface SuccessfulDeals {
  deals: SuccessfulDeal[];
  summary: { count: number; volumeCents: number; locations: number };
  /** All completed deals, whatever the filter: tells 'none yet' from 'none matching'. */
  total: number;
}
