// The admins' academy videos (partner content; the marketing texts' routes are in affiliate.ts): list,
// create, change (also activate or hide), delete. Thin doors; the rules are in server/domain/affiliate.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { ACADEMY_CATEGORIES } from '../domain/affiliate/list-academy.ts';
import {
  createAcademyVideo,
  deleteAcademyVideo,
  listAcademyVideosForAdmin,
  updateAcademyVideo,
  videoInputSchema,
  videoPatchSchema,
} from '../domain/affiliate/manage-academy-video.ts';

const admin = { roles: ['admin'] } as const;
// Seeded rows have readable ids ('av-start-1'), new ones uuids.
const rowParams = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/),
});

const videoView = z.object({
  id: z.string(),
  category: z.enum(ACADEMY_CATEGORIES),
  titleDe: z.string(),
  titleEn: z.string(),
  descriptionDe: z.string(),
  descriptionEn: z.string(),
  bodyDe: z.string().describe("The lesson's German text (core/affiliate/lesson.ts format, live-figure placeholders)"),
  bodyEn: z.string().describe("The lesson's English text"),
  url: z.string().nullable().describe('An http(s) address; null: a lesson without video (just the text)'),
  durationMin: z.number().int().nullable(),
  sortOrder: z.number().int(),
  active: z.boolean().describe('Shown to partners'),
  watchedBy: z.number().int().describe('Partners who marked it done'),
});

export const adminContentRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/affiliate/videos',
    summary: 'Every academy video (hidden ones too), by category and order',
    tags: ['admin', 'affiliate'],
    access: admin,
    response: z.object({ videos: z.array(videoView) }),
    handler: async ({ deps }) => ({ videos: await listAcademyVideosForAdmin(deps.db.prisma) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/admin/affiliate/videos',
    summary: 'Creates an academy video (German and English title and description; address http(s) or none); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    status: 201,
    body: videoInputSchema,
    response: videoView,
    handler: ({ deps, auth, body }) => createAcademyVideo(deps.db.prisma, auth.user.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/admin/affiliate/videos/:id',
    summary: 'Changes an academy video (also activates or hides it); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    params: rowParams,
    body: videoPatchSchema,
    response: videoView,
    handler: ({ deps, auth, params, body }) => updateAcademyVideo(deps.db.prisma, auth.user.id, params.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/admin/affiliate/videos/:id',
    summary: "Deletes an academy video (and the partners' watched marks of it); audited",
    tags: ['admin', 'affiliate'],
    access: admin,
    params: rowParams,
    response: z.object({ ok: z.literal(true) }),
    handler: ({ deps, auth, params }) => deleteAcademyVideo(deps.db.prisma, auth.user.id, params.id, { logger: deps.logger, via: 'dashboard' }),
  }),
];
