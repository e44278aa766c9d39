// The admins' academy videos (partner content; the marketing texts' routes are in affiliate.ts): list,
// create, change (also activate or hide), delete. Thin doors; the rules are in server/domain/affiliate.
import { defineRoute } from './route.ts';
import { createAcademyVideo, deleteAcademyVideo, listAcademyVideosForAdmin, updateAcademyVideo } from '../domain/affiliate/manage-academy-video.ts';
import { adminContentContract } from '../../core/contract/admin-content.ts';

const admin = { roles: ['admin'] } as const;

export const adminContentRoutes = [
  defineRoute({
    ...adminContentContract.videos,
    summary: 'Every academy video (hidden ones too), by category and order',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: async ({ deps }) => ({ videos: await listAcademyVideosForAdmin(deps.db.prisma) }),
  }),
  defineRoute({
    ...adminContentContract.createVideo,
    summary: 'Creates an academy video (German and English title and description; address http(s) or none); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, body }) => createAcademyVideo(deps.db.prisma, auth.user.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContentContract.updateVideo,
    summary: 'Changes an academy video (also activates or hides it); audited',
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, params, body }) => updateAcademyVideo(deps.db.prisma, auth.user.id, params.id, body, { logger: deps.logger, via: 'dashboard' }),
  }),
  defineRoute({
    ...adminContentContract.deleteVideo,
    summary: "Deletes an academy video (and the partners' watched marks of it); audited",
    tags: ['admin', 'affiliate'],
    access: admin,
    handler: ({ deps, auth, params }) => deleteAcademyVideo(deps.db.prisma, auth.user.id, params.id, { logger: deps.logger, via: 'dashboard' }),
  }),
];
