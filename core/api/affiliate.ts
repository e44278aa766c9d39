// What the partner doors and the admin's content and commission doors answer with, for server and client.
import type { z } from 'zod';
import type { commissionPlanSchema, marketingMaterialSchema } from '../contract/affiliate.ts';
import type { commissionPlanHistoryEntrySchema } from '../contract/admin-commissions.ts';
import type { adminAcademyVideoSchema } from '../contract/admin-content.ts';
import type { MoneyView } from '../money/money-view.ts';
import type { LessonFigures } from '../affiliate/lesson.ts';

/** The commission plan in force and an entry of its history: the responses of their endpoints (core/contract/affiliate.ts, admin-commissions.ts). */
export type CommissionPlanView = z.output<typeof commissionPlanSchema>;
export type CommissionPlanHistoryEntry = z.output<typeof commissionPlanHistoryEntrySchema>;

export interface CountryRanking {
  optedIn: boolean;
  country: string | null;
  countries: { country: string; partners: number; earnings: MoneyView }[];
  partners: { rank: number; pseudonym: string; country: string; earnings: MoneyView; you: boolean }[];
}

export interface PartnerNetwork {
  size: number;
  active: number;
  levels: { level: number; people: number; active: number; earnings: MoneyView }[];
  direct: { firstName: string; joinedAt: string; active: boolean }[];
}

export interface PartnerOverview {
  code: string;
  link: string;
  earnings: {
    /** Every commission not reversed or voided, since the start. */
    total: MoneyView;
    /** The same, booked this calendar month (UTC). */
    thisMonth: MoneyView;
    /** In the refund window or held for review: not payable yet. */
    pending: MoneyView;
    /** The part of pending held by a fraud rule until an admin releases or voids it (how many commissions). */
    held: MoneyView & { count: number };
    /** Payable now (the payout request takes it from here). */
    available: MoneyView;
  };
  conversion: { clicks: number; signups: number; firstRevenue: number; signupRate: number | null; revenueRate: number | null };
}

export const ACADEMY_CATEGORIES = ['getting_started', 'advanced_strategies', 'tools'] as const;

export type AcademyCategory = (typeof ACADEMY_CATEGORIES)[number];

export interface AcademyVideoView {
  id: string;
  category: AcademyCategory;
  title: string;
  description: string;
  /** The lesson's text in the asked language, placeholders unfilled (core/affiliate/lesson.ts). */
  body: string;
  /** Only an http(s) address; null: a lesson without video (just the text). */
  url: string | null;
  durationMin: number | null;
  /** The partner marked the lesson done (read, or the video watched); opening it does not count. */
  watched: boolean;
}

export interface AcademyView {
  videos: AcademyVideoView[];
  /** Lessons marked done of all lessons shown. */
  progress: { watched: number; total: number };
  /** The figures in force that the lessons' placeholders stand for. */
  figures: LessonFigures;
}

export const isPlayableUrl = (url: string | null | undefined): url is string => !!url && /^https?:\/\/\S+$/i.test(url);

/** The specification's categories of a marketing text (marketing_materials.category). */
export const MATERIAL_CATEGORIES = ['facebook', 'instagram', 'email_welcome', 'email_follow_up', 'other'] as const;

export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

/** A marketing text and an academy lesson as the admins see them: the responses of their endpoints (core/contract/affiliate.ts, admin-content.ts). */
export type MarketingMaterialView = z.output<typeof marketingMaterialSchema>;
export type AdminAcademyVideo = z.output<typeof adminAcademyVideoSchema>;
