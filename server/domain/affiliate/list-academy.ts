// The academy for one partner: videos by category with the partner's own progress (watched / total).
import type { Db } from '../../db.ts';

export const ACADEMY_CATEGORIES = ['getting_started', 'advanced_strategies', 'tools'] as const;
export type AcademyCategory = (typeof ACADEMY_CATEGORIES)[number];

export interface AcademyVideoView {
  id: string;
  category: AcademyCategory;
  title: string;
  description: string;
  /** Only an http(s) address; null means 'coming soon'. */
  url: string | null;
  durationMin: number | null;
  watched: boolean;
}

export const isPlayableUrl = (url: string | null | undefined): url is string => !!url && /^https?:\/\/\S+$/i.test(url);

export async function listAcademy(
  prisma: Db,
  userId: string,
  lang: 'de' | 'en',
): Promise<{ videos: AcademyVideoView[]; progress: { watched: number; total: number } }> {
  const [videos, watched] = await Promise.all([
    prisma.academyVideo.findMany({ where: { active: true }, orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }] }),
    prisma.academyProgress.findMany({ where: { userId }, select: { videoId: true } }),
  ]);
  const seen = new Set(watched.map((w) => w.videoId));
  const views = videos
    .filter((v): v is typeof v & { category: AcademyCategory } => (ACADEMY_CATEGORIES as readonly string[]).includes(v.category))
    .map((v) => ({
      id: v.id,
      category: v.category,
      title: lang === 'en' ? v.titleEn : v.titleDe,
      description: lang === 'en' ? v.descriptionEn : v.descriptionDe,
      url: isPlayableUrl(v.url) ? v.url : null,
      durationMin: v.durationMin,
      watched: seen.has(v.id),
    }));
  return { videos: views, progress: { watched: views.filter((v) => v.watched).length, total: views.length } };
}
