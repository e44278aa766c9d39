// A partner marks an academy lesson done (read, or its video watched) or not done. Every shown lesson can be
// marked, with or without a video; opening a lesson or its video marks nothing (decision 083).
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';

export async function setVideoWatched(prisma: Db, userId: string, videoId: string, watched: boolean): Promise<{ videoId: string; watched: boolean }> {
  const video = await prisma.academyVideo.findFirst({ where: { id: videoId, active: true }, select: { id: true } });
  if (!video) throw new AppError('NOT_FOUND');
  if (watched) {
    await prisma.academyProgress.upsert({ where: { userId_videoId: { userId, videoId } }, create: { userId, videoId }, update: {} });
  } else {
    await prisma.academyProgress.deleteMany({ where: { userId, videoId } });
  }
  return { videoId, watched };
}
