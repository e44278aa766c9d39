// What the partner doors and the admin's content and commission doors answer with, for server and client.
import type { CommissionPlanValues } from '../affiliate/commission-plan.ts';
import type { MoneyView } from '../money/money-view.ts';
import type { LessonFigures } from '../affiliate/lesson.ts';

export interface CommissionPlanView extends CommissionPlanValues {
  preset: string;
  /** Per level: its fraction of the pool and its share of the platform revenue (basis points). */
  levels: { level: number; bp: number; shareOfRevenueBp: number }[];
  changedAt: string | null;
  changedById: string | null;
}

export interface CommissionPlanHistoryEntry extends CommissionPlanView {
  id: string;
  /** Who made the change (null: the admin's account is gone). */
  changedBy: { name: string; email: string } | null;
}

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

export interface MarketingMaterialView {
  id: string;
  kind: 'email' | 'social';
  category: MaterialCategory;
  lang: 'de' | 'en';
  title: string;
  description: string;
  subject: string | null;
  body: string;
  sortOrder: number;
  active: boolean;
}

export interface AdminAcademyVideo {
  id: string;
  category: AcademyCategory;
  titleDe: string;
  titleEn: string;
  descriptionDe: string;
  descriptionEn: string;
  bodyDe: string;
  bodyEn: string;
  url: string | null;
  durationMin: number | null;
  sortOrder: number;
  active: boolean;
  /** How many partners marked it done. */
  watchedBy: number;
}
