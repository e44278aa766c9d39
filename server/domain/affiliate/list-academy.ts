// The academy for one partner: videos by category with the partner's own progress (watched / total).
import type { Db } from '../../db.ts';
import { ACADEMY_CATEGORIES, isPlayableUrl, type AcademyCategory, type AcademyVideoView } from '../../../core/api/affiliate.ts';
export { ACADEMY_CATEGORIES, isPlayableUrl } from '../../../core/api/affiliate.ts';
export type { AcademyCategory, AcademyVideoView } from '../../../core/api/affiliate.ts';

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
