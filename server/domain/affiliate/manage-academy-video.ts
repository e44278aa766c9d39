// Admins keep the partner academy: create, change (also activate or hide) and delete lessons, each with its
// German and English title, description and written body (both languages required); the video is optional
// (none: the lesson is just the text), an address must be http(s). Each change and its audit entry are
// written in one transaction.
import type { z } from 'zod';
import type { videoInputSchema, videoPatchSchema } from '../../../core/affiliate/content-inputs.ts';
import type { Db } from '../../db.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit } from '../admin/audit.ts';
import { ACADEMY_CATEGORIES, isPlayableUrl, type AcademyCategory } from './list-academy.ts';
import type { ContentChangeOptions } from './manage-marketing-material.ts';
import type { AdminAcademyVideo } from '../../../core/api/affiliate.ts';
export type { AdminAcademyVideo } from '../../../core/api/affiliate.ts';

export { videoInputSchema, videoPatchSchema } from '../../../core/affiliate/content-inputs.ts';

type Row = Omit<AdminAcademyVideo, 'category' | 'watchedBy'> & { category: string; _count?: { progress: number } };
const videoView = (v: Row): AdminAcademyVideo => ({
  id: v.id,
  category: (ACADEMY_CATEGORIES as readonly string[]).includes(v.category) ? (v.category as AcademyCategory) : 'getting_started',
  titleDe: v.titleDe,
  titleEn: v.titleEn,
  descriptionDe: v.descriptionDe,
  descriptionEn: v.descriptionEn,
  bodyDe: v.bodyDe,
  bodyEn: v.bodyEn,
  url: v.url,
  durationMin: v.durationMin,
  sortOrder: v.sortOrder,
  active: v.active,
  watchedBy: v._count?.progress ?? 0,
});
// The audit keeps the content, not the watch count.
const auditView = ({ watchedBy: _w, ...v }: AdminAcademyVideo) => v;

function checkUrl(url: string | null | undefined) {
  if (url && !isPlayableUrl(url)) throw new AppError('VIDEO_URL_INVALID');
}

/** Every video (hidden ones too), by category and order, for the admins' content tab. */
export async function listAcademyVideosForAdmin(prisma: Db): Promise<AdminAcademyVideo[]> {
  const rows = await prisma.academyVideo.findMany({
    orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
    include: { _count: { select: { progress: true } } },
  });
  return rows.map(videoView);
}

export async function createAcademyVideo(
  prisma: Db,
  adminId: string,
  input: z.output<typeof videoInputSchema>,
  opts: ContentChangeOptions = {},
): Promise<AdminAcademyVideo> {
  checkUrl(input.url);
  const view = await inTransaction(prisma, async (tx) => {
    const row = videoView(await tx.academyVideo.create({ data: input }));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'academyVideo.create',
      entityType: 'AcademyVideo',
      entityId: row.id,
      after: auditView(row),
      via: opts.via ?? 'dashboard',
    });
    return row;
  });
  opts.logger?.info({ adminId, videoId: view.id }, 'academy video created');
  return view;
}

export async function updateAcademyVideo(
  prisma: Db,
  adminId: string,
  id: string,
  patch: z.output<typeof videoPatchSchema>,
  opts: ContentChangeOptions = {},
): Promise<AdminAcademyVideo> {
  checkUrl(patch.url);
  const view = await inTransaction(prisma, async (tx) => {
    const found = await tx.academyVideo.findUnique({ where: { id }, include: { _count: { select: { progress: true } } } });
    if (!found) throw new AppError('NOT_FOUND');
    const after = videoView(await tx.academyVideo.update({ where: { id }, data: patch, include: { _count: { select: { progress: true } } } }));
    const action =
      Object.keys(patch).length === 1 && patch.active !== undefined
        ? patch.active
          ? 'academyVideo.activate'
          : 'academyVideo.deactivate'
        : 'academyVideo.update';
    await recordAudit(tx, {
      actorId: adminId,
      action,
      entityType: 'AcademyVideo',
      entityId: id,
      before: auditView(videoView(found)),
      after: auditView(after),
      via: opts.via ?? 'dashboard',
    });
    return after;
  });
  opts.logger?.info({ adminId, videoId: id, fields: Object.keys(patch) }, 'academy video changed');
  return view;
}

/** Deletes a video (and with it the partners' marks of having watched it). */
export async function deleteAcademyVideo(prisma: Db, adminId: string, id: string, opts: ContentChangeOptions = {}): Promise<{ ok: true }> {
  await inTransaction(prisma, async (tx) => {
    const found = await tx.academyVideo.findUnique({ where: { id }, include: { _count: { select: { progress: true } } } });
    if (!found) throw new AppError('NOT_FOUND');
    await tx.academyVideo.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'academyVideo.delete',
      entityType: 'AcademyVideo',
      entityId: id,
      before: auditView(videoView(found)),
      via: opts.via ?? 'dashboard',
    });
  });
  opts.logger?.info({ adminId, videoId: id }, 'academy video deleted');
  return { ok: true };
}
