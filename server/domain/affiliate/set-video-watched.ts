// A partner marks an academy video as watched (or not). Only a video that can be played can be watched.
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';
import { isPlayableUrl } from './list-academy.ts';

export async function setVideoWatched(prisma: Db, userId: string, videoId: string, watched: boolean): Promise<{ videoId: string; watched: boolean }> {
  const video = await prisma.academyVideo.findFirst({ where: { id: videoId, active: true }, select: { url: true } });
  if (!video) throw new AppError('NOT_FOUND');
  if (!isPlayableUrl(video.url)) throw new AppError('VIDEO_NOT_AVAILABLE');
  if (watched) {
    await prisma.academyProgress.upsert({ where: { userId_videoId: { userId, videoId } }, create: { userId, videoId }, update: {} });
  } else {
    await prisma.academyProgress.deleteMany({ where: { userId, videoId } });
  }
  return { videoId, watched };
}
