// robots.txt and sitemap.xml (decision 037): the public pages in German and English (?lng=en) with their
// hreflang alternates, and every provider's public page; crawlers are kept out of the API, the admin area,
// the dashboards and the account and shop pages.
import express, { type Router } from 'express';
import type { AppDeps } from '../deps.ts';
import { isAppPath, ROUTE_PATHS, SERVER_RENDERED_PATHS } from '../../core/pages/route-table.ts';
import { listPublicProviderPages } from '../domain/providers/list-public-provider-pages.ts';
import { pageUrl } from '../ssr/render-page.ts';

const DISALLOWED = [
  '/api/',
  ROUTE_PATHS.admin,
  ROUTE_PATHS.auth,
  ROUTE_PATHS.seekerDashboard,
  ROUTE_PATHS.providerDashboard,
  ROUTE_PATHS.affiliateDashboard,
  ROUTE_PATHS.affiliateProfile,
  '/shop/',
  '/quittung/',
  '/ref/',
  ROUTE_PATHS.report,
  '/konto/',
];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function urlEntry(origin: string, path: string, lastmod?: Date): string {
  const alternates = (['de', 'en'] as const).map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(pageUrl(origin, path, l))}"/>`);
  alternates.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(origin, path, 'de'))}"/>`);
  return (['de', 'en'] as const)
    .map((l) =>
      [
        '  <url>',
        `    <loc>${escapeXml(pageUrl(origin, path, l))}</loc>`,
        ...(lastmod ? [`    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`] : []),
        ...alternates,
        '  </url>',
      ].join('\n'),
    )
    .join('\n');
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

export function seoRouter(deps: AppDeps): Router {
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(deps.config.appUrl));
  });
  router.get('/sitemap.xml', async (_req, res, next) => {
    try {
      const origin = deps.config.appUrl;
      const pages = SERVER_RENDERED_PATHS.filter((p) => !p.includes(':') && isAppPath(p));
      const providers = await listPublicProviderPages(deps.db.prisma);
      const entries = [
        ...pages.map((p) => urlEntry(origin, p)),
        ...providers.map((p) => urlEntry(origin, ROUTE_PATHS.publicProvider.replace(':id', p.id), p.updatedAt)),
      ];
      res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
      res.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`,
      );
    } catch (e) {
      next(e);
    }
  });
  return router;
}
