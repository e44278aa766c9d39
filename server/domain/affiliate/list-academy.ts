// The academy for one partner: lessons by category in the asked language, the partner's own progress (lessons
// marked done / lessons shown) and the live figures the lessons' placeholders stand for (decision 083).
import type { Db } from '../../db.ts';
import { ACADEMY_CATEGORIES, isPlayableUrl, type AcademyCategory, type AcademyView } from '../../../core/api/affiliate.ts';
import { MIN_PAYOUT_CENTS, UNLOCK_PRICE_GOINTS, WELCOME_BONUS_GOINTS } from '../../../core/money/money.ts';
import { DEFAULT_COMMISSION_RATE_BP } from '../../../core/prices/price-input.ts';
import type { LessonFigures } from '../../../core/affiliate/lesson.ts';
import { getSettings } from '../settings/settings.ts';
import { getCommissionPlan } from './get-commission-plan.ts';
import { SIGNUP_BURST_COUNT } from './fraud-rules.ts';
import { INVITES_PER_DAY } from './invite-friend.ts';
export { ACADEMY_CATEGORIES, isPlayableUrl } from '../../../core/api/affiliate.ts';
export type { AcademyCategory, AcademyVideoView, AcademyView } from '../../../core/api/affiliate.ts';

/** The figures in force: the plan, the standard unlock price and split, the settings and the programme's limits. */
export async function getLessonFigures(prisma: Db): Promise<LessonFigures> {
  const [plan, settings] = await Promise.all([getCommissionPlan(prisma), getSettings(prisma)]);
  return {
    plan: { poolBp: plan.poolBp, levelsBp: [...plan.levelsBp] },
    unlockPriceGoints: UNLOCK_PRICE_GOINTS,
    maxUnlocks: settings['marketplace.maxUnlocks'],
    platformShareBp: DEFAULT_COMMISSION_RATE_BP,
    refundWindowDays: settings['affiliate.refundWindowDays'],
    minPayoutCents: MIN_PAYOUT_CENTS,
    welcomeBonusGoints: WELCOME_BONUS_GOINTS,
    signupBurstCount: SIGNUP_BURST_COUNT,
    invitesPerDay: INVITES_PER_DAY,
  };
}

export async function listAcademy(prisma: Db, userId: string, lang: 'de' | 'en'): Promise<AcademyView> {
  const [videos, watched, figures] = await Promise.all([
    prisma.academyVideo.findMany({ where: { active: true }, orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }] }),
    prisma.academyProgress.findMany({ where: { userId }, select: { videoId: true } }),
    getLessonFigures(prisma),
  ]);
  const seen = new Set(watched.map((w) => w.videoId));
  const views = videos
    .filter((v): v is typeof v & { category: AcademyCategory } => (ACADEMY_CATEGORIES as readonly string[]).includes(v.category))
    .map((v) => ({
      id: v.id,
      category: v.category,
      title: lang === 'en' ? v.titleEn : v.titleDe,
      description: lang === 'en' ? v.descriptionEn : v.descriptionDe,
      body: lang === 'en' ? v.bodyEn : v.bodyDe,
      url: isPlayableUrl(v.url) ? v.url : null,
      durationMin: v.durationMin,
      watched: seen.has(v.id),
    }));
  return { videos: views, progress: { watched: views.filter((v) => v.watched).length, total: views.length }, figures };
}
