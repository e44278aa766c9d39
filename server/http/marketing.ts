// Public doors to the landing pages' live figures and testimonials (decision 042), for pages the browser
// reaches without a server render (client-side navigation); server-rendered pages get them with the page.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { CATEGORY_IDS } from '../../core/categories/category-ids.ts';
import { getMarketingFigures } from '../domain/marketing/get-marketing-figures.ts';
import { listTestimonials } from '../domain/marketing/list-testimonials.ts';

export const marketingFiguresSchema = z.object({
  successfulDeals: z.number().int().nullable(),
  medianResponseMinutes: z.number().int().nullable(),
  offerSharePercent: z.number().int().min(0).max(100).nullable(),
  minSample: z.number().int(),
  windowDays: z.number().int(),
});

export const testimonialSchema = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  testimonial: z.string(),
  customer: z.string().nullable(),
  providerId: z.string(),
  providerName: z.string(),
  kategorie: z.enum(CATEGORY_IDS),
  createdAt: z.string(),
});

export const marketingRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/marketing/figures',
    summary: 'Live marketplace figures for the public pages; each is null until it rests on enough cases',
    tags: ['public'],
    access: 'public',
    rateLimit: 'public',
    response: marketingFiguresSchema,
    handler: ({ read }) => read(getMarketingFigures),
  }),
  defineRoute({
    method: 'get',
    path: '/api/marketing/testimonials',
    summary: 'The newest good reviews (4-5 stars) of completed deals, for the landing page',
    tags: ['public'],
    access: 'public',
    rateLimit: 'public',
    response: z.object({ testimonials: z.array(testimonialSchema) }),
    handler: async ({ read }) => ({ testimonials: await read(listTestimonials) }),
  }),
];
