// The partner content admins keep (server/http/affiliate.ts defines the marketing texts' routes,
// server/http/admin-content.ts the academy lessons'): list, create, change (also activate or hide), delete.
import { z } from 'zod';
import { ACADEMY_CATEGORIES } from '../api/affiliate.ts';
import { materialInputSchema, materialPatchSchema, videoInputSchema, videoPatchSchema } from '../affiliate/content-inputs.ts';
import { contentRowParams, marketingMaterialSchema } from './affiliate.ts';
import { okResponse } from './common.ts';
import { endpoint } from './endpoint.ts';

export const adminAcademyVideoSchema = z.object({
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

export const adminContentContract = {
  materials: endpoint({ method: 'get', path: '/api/admin/affiliate/materials', response: z.object({ materials: z.array(marketingMaterialSchema) }) }),
  createMaterial: endpoint({
    method: 'post',
    path: '/api/admin/affiliate/materials',
    status: 201,
    body: materialInputSchema,
    response: marketingMaterialSchema,
  }),
  updateMaterial: endpoint({
    method: 'patch',
    path: '/api/admin/affiliate/materials/:id',
    params: contentRowParams,
    body: materialPatchSchema,
    response: marketingMaterialSchema,
  }),
  deleteMaterial: endpoint({ method: 'delete', path: '/api/admin/affiliate/materials/:id', params: contentRowParams, response: okResponse }),
  videos: endpoint({ method: 'get', path: '/api/admin/affiliate/videos', response: z.object({ videos: z.array(adminAcademyVideoSchema) }) }),
  createVideo: endpoint({ method: 'post', path: '/api/admin/affiliate/videos', status: 201, body: videoInputSchema, response: adminAcademyVideoSchema }),
  updateVideo: endpoint({
    method: 'patch',
    path: '/api/admin/affiliate/videos/:id',
    params: contentRowParams,
    body: videoPatchSchema,
    response: adminAcademyVideoSchema,
  }),
  deleteVideo: endpoint({ method: 'delete', path: '/api/admin/affiliate/videos/:id', params: contentRowParams, response: okResponse }),
};
