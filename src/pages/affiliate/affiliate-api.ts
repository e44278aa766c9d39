// The affiliate doors as the pages call them (server/http/affiliate.ts); types come from the server.
import { api } from '@/lib/api';
import type { PartnerOverview } from '../../../core/api/affiliate.ts';
import type { PartnerNetwork } from '../../../core/api/affiliate.ts';
import type { CommissionPlanView } from '../../../core/api/affiliate.ts';
import type { CountryRanking } from '../../../core/api/affiliate.ts';
import type { MarketingMaterialView } from '../../../core/api/affiliate.ts';
import type { AcademyVideoView, AcademyView } from '../../../core/api/affiliate.ts';
import type { PartnerProfileInput, PartnerProfileView } from '../../../core/affiliate/partner-profile-schema.ts';

export type { PartnerOverview, PartnerNetwork, CountryRanking, MarketingMaterialView, AcademyVideoView, AcademyView, PartnerProfileInput, PartnerProfileView };
export type LivePlan = CommissionPlanView & { unlockPriceGoints: number; maxUnlocks: number };

export const affiliateApi = {
  plan: () => api<LivePlan>('/api/affiliate/plan'),
  me: () => api<PartnerOverview>('/api/affiliate/me'),
  network: () => api<PartnerNetwork>('/api/affiliate/network'),
  profile: () => api<{ profile: PartnerProfileView | null }>('/api/affiliate/profile'),
  saveProfile: (body: PartnerProfileInput) => api<{ profile: PartnerProfileView }>('/api/affiliate/profile', { method: 'PUT', body }),
  ranking: () => api<CountryRanking>('/api/affiliate/ranking'),
  setRankingOptIn: (optIn: boolean) => api<{ rankingOptIn: boolean }>('/api/affiliate/ranking/opt-in', { method: 'PUT', body: { optIn } }),
  invite: (body: { email: string; lang: 'de' | 'en' }) => api<{ sent: true; remainingToday: number }>('/api/affiliate/invite', { method: 'POST', body }),
  materials: (lang: 'de' | 'en') => api<{ materials: MarketingMaterialView[] }>(`/api/affiliate/materials?lang=${lang}`),
  academy: () => api<AcademyView>('/api/affiliate/academy'),
  setWatched: (id: string, watched: boolean) =>
    api<{ videoId: string; watched: boolean }>(`/api/affiliate/academy/${encodeURIComponent(id)}/progress`, { method: 'PUT', body: { watched } }),
};

/** Live events after which the partner's figures differ. */
export const PARTNER_EVENTS = [
  'commission.booked',
  'commission.voided',
  'payout.approved',
  'payout.paid',
  'payout.failed',
  'payout.rejected',
  'payout.reversed',
] as const;

/** Basis points as a percentage ('8 %', '0,5 %'). */
export function formatBp(bp: number, lang: string): string {
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-GB' : 'de-DE', { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
}

/** Goints with up to three decimals in the UI language. */
export function formatGoints(goints: number, lang: string): string {
  return new Intl.NumberFormat(lang.startsWith('en') ? 'en-GB' : 'de-DE', { maximumFractionDigits: 3 }).format(goints);
}

/** The first n characters of a text, with an ellipsis when cut. */
export function preview(text: string, n = 200): string {
  return text.length > n ? `${text.slice(0, n).trimEnd()}…` : text;
}
