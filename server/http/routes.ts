// Every route declaration of the app, in one list: the routers and the OpenAPI document are built from it.
import { z } from 'zod';
import { defineRoute, type AnyRoute } from './route.ts';
import { sessionRoutes } from './session.ts';
import { adminRoutes } from './admin.ts';
import { adminFollowUpRoutes } from './admin-followup.ts';
import { adminRequestRoutes } from './admin-requests.ts';
import { adminPriceRoutes } from './admin-prices.ts';
import { adminUserRoutes } from './admin-users.ts';
import { metaRoutes } from './meta.ts';
import { chatRoutes } from './chat.ts';
import { intakeRoutes } from './intake.ts';
import { ttsRoutes } from './tts.ts';
import { providerRoutes } from './providers.ts';
import { seekerRoutes } from './seekers.ts';
import { dealRoutes } from './deals.ts';
import { shopRoutes } from './shop.ts';
import { payoutRoutes } from './payouts.ts';
import { affiliateRoutes } from './affiliate.ts';
import { contactRoutes } from './contact.ts';
import { supportRoutes } from './support.ts';
import { adminContentRoutes } from './admin-content.ts';
import { privacyRoutes } from './privacy.ts';
import { adminJobRoutes } from './admin-jobs.ts';
import { marketingRoutes } from './marketing.ts';
import { reportRoutes } from './reports.ts';
import { buildOpenApi } from './openapi.ts';

const baseRoutes: AnyRoute[] = [
  ...metaRoutes,
  ...sessionRoutes,
  ...adminRoutes,
  ...adminFollowUpRoutes,
  ...adminRequestRoutes,
  ...chatRoutes,
  ...intakeRoutes,
  ...ttsRoutes,
  ...providerRoutes,
  ...seekerRoutes,
  ...dealRoutes,
  ...shopRoutes,
  ...payoutRoutes,
  ...affiliateRoutes,
  ...contactRoutes,
  ...supportRoutes,
  ...adminContentRoutes,
  ...adminPriceRoutes,
  ...adminUserRoutes,
  ...privacyRoutes,
  ...adminJobRoutes,
  ...marketingRoutes,
  ...reportRoutes,
];

export const openApiRoute = defineRoute({
  method: 'get',
  path: '/api/openapi.json',
  summary: 'This OpenAPI 3.1 document',
  tags: ['meta'],
  access: 'public',
  response: z.record(z.string(), z.unknown()),
  handler: ({ deps }) => buildOpenApi(allRoutes, deps.auth),
});

export const allRoutes: AnyRoute[] = [...baseRoutes, openApiRoute];
