// The paths of the single-page app, in one list without React: the client router (src/app/routes.tsx)
// builds its routes from it, and the server answers 404 for any path not in it (server/app.ts).
export const ROUTE_PATHS = {
  landing: '/',
  seekers: '/suchende',
  providers: '/anbieter',
  search: '/search',
  auth: '/auth',
  admin: '/admin',
  // The specification's links into the admin area: the same page, opened on that tab (ADMIN_PATH_TABS).
  adminRequests: '/admin/requests',
  adminFollowup: '/admin/followup',
  adminProvision: '/admin/provision',
  adminPreise: '/admin/preise',
  adminDeals: '/admin/deals',
  seekerDashboard: '/suchende-dashboard',
  successfulDeals: '/erfolgreiche-deals',
  providerDashboard: '/anbieter/dashboard',
  publicProvider: '/anbieter/:id',
  testCheckout: '/shop/test-checkout/:id',
  thankYou: '/shop/danke',
  receipt: '/quittung/:id',
  imprint: '/impressum',
  privacy: '/datenschutz',
  terms: '/agb',
  help: '/hilfe',
  contact: '/kontakt',
  affiliate: '/affiliate',
  affiliateSeekers: '/affiliate/suchende',
  affiliateProviders: '/affiliate/anbieter',
  affiliateDashboard: '/affiliate/dashboard',
  affiliateProfile: '/affiliate/profile',
  accountPrivacy: '/konto/datenschutz',
  // Notice and action (decision 059): the report form from a link, and the decisions about one's own content.
  report: '/melden',
  accountDecisions: '/konto/entscheidungen',
  demo: '/demo',
} as const;

/**
 * The specification's other addresses for pages the app has: path → the real path. The server answers them
 * with a permanent redirect that keeps the query (server/app.ts).
 */
export const REDIRECT_PATHS: Readonly<Record<string, string>> = {
  '/anbieter-dashboard': '/anbieter/dashboard',
  '/successful-deals': '/erfolgreiche-deals',
  '/affiliate-anbieter': '/affiliate/anbieter',
};

export type RouteName = keyof typeof ROUTE_PATHS;

/** Admin tabs that have a path of their own besides /admin?tab=…: path → tab key. */
export const ADMIN_PATH_TABS: Readonly<Record<string, string>> = {
  [ROUTE_PATHS.adminRequests]: 'requests',
  [ROUTE_PATHS.adminFollowup]: 'followup',
  [ROUTE_PATHS.adminProvision]: 'provision',
  [ROUTE_PATHS.adminPreise]: 'preise',
  [ROUTE_PATHS.adminDeals]: 'deals',
};

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((seg, i) => seg.startsWith(':') || seg === have[i]);
}

/** Whether the app has a page for this path (a trailing slash is allowed; the query is not part of it). */
export function isAppPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  return Object.values(ROUTE_PATHS).some((p) => matches(p, decoded));
}

/**
 * Public pages the server renders with their content, title, description, canonical and hreflang links
 * (decision 037); a path here that the app does not have (yet) is skipped. Every other page (dashboards,
 * the shop) gets the empty shell and renders in the browser.
 */
export const SERVER_RENDERED_PATHS: readonly string[] = [
  '/',
  '/suchende',
  '/anbieter',
  '/erfolgreiche-deals',
  '/anbieter/:id',
  '/affiliate',
  '/affiliate/suchende',
  '/affiliate/anbieter',
  '/demo',
  '/impressum',
  '/datenschutz',
  '/agb',
  '/hilfe',
  '/kontakt',
  // The chat page's frame; the conversation itself loads in the browser.
  '/search',
];

/** The server-rendered pattern this path is, if any ('/anbieter/dashboard' is a page of its own, not a provider id). */
export function serverRenderedPattern(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const exact = Object.values(ROUTE_PATHS).find((p) => p === path);
  if (exact) return SERVER_RENDERED_PATHS.includes(exact) ? exact : null;
  return SERVER_RENDERED_PATHS.find((p) => p.includes(':') && isAppPath(path) && matches(p, path)) ?? null;
}
