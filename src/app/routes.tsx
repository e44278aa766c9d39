import { lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { ROUTE_PATHS } from '../../core/pages/route-table';
import { DemoSwitch } from './demo-switch';
import { LandingPage } from '@/pages/landing/LandingPage';

// Every page but the landing page is its own chunk, loaded when its route is first visited
// (docs/decisions/027-compression-and-code-splitting.md).
const loaders = new WeakMap<object, () => Promise<unknown>>();
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  const element = <Component />;
  loaders.set(element, load);
  return element;
}

const notFound = page(() => import('@/pages/not-found/NotFoundPage'), 'NotFoundPage');
// One element for /admin and its tab paths, so moving between them keeps the page (and its loaded tabs).
const adminPage = page(() => import('@/pages/admin/AdminPage'), 'AdminPage');

// Each screen's route is registered by the issue that builds it; its path lives in route-table.ts.
const elements: Record<keyof typeof ROUTE_PATHS, ReactNode> = {
  landing: <LandingPage />,
  seekers: page(() => import('@/pages/landing/SeekersPage'), 'SeekersPage'),
  providers: page(() => import('@/pages/landing/ProvidersPage'), 'ProvidersPage'),
  search: page(() => import('@/pages/search/SearchPage'), 'SearchPage'),
  auth: page(() => import('@/pages/auth/AuthPage'), 'AuthPage'),
  admin: adminPage,
  adminRequests: adminPage,
  adminFollowup: adminPage,
  adminProvision: adminPage,
  adminPreise: adminPage,
  adminDeals: adminPage,
  seekerDashboard: page(() => import('@/pages/seeker/SeekerDashboardPage'), 'SeekerDashboardPage'),
  successfulDeals: page(() => import('@/pages/deals/SuccessfulDealsPage'), 'SuccessfulDealsPage'),
  providerDashboard: page(() => import('@/pages/provider/ProviderDashboardPage'), 'ProviderDashboardPage'),
  publicProvider: page(() => import('@/pages/provider/public/PublicProviderPage'), 'PublicProviderPage'),
  testCheckout: page(() => import('@/pages/shop/TestCheckoutPage'), 'TestCheckoutPage'),
  thankYou: page(() => import('@/pages/shop/ThankYouPage'), 'ThankYouPage'),
  receipt: page(() => import('@/pages/shop/ReceiptPage'), 'ReceiptPage'),
  imprint: page(() => import('@/pages/legal/ImprintPage'), 'ImprintPage'),
  privacy: page(() => import('@/pages/legal/PrivacyPage'), 'PrivacyPage'),
  terms: page(() => import('@/pages/legal/TermsPage'), 'TermsPage'),
  help: page(() => import('@/pages/legal/HelpPage'), 'HelpPage'),
  contact: page(() => import('@/pages/legal/ContactPage'), 'ContactPage'),
  affiliate: page(() => import('@/pages/affiliate/AffiliatePage'), 'AffiliatePage'),
  affiliateSeekers: page(() => import('@/pages/affiliate/PitchPage'), 'SeekersPitchPage'),
  affiliateProviders: page(() => import('@/pages/affiliate/PitchPage'), 'ProvidersPitchPage'),
  affiliateDashboard: page(() => import('@/pages/affiliate/AffiliateDashboardPage'), 'AffiliateDashboardPage'),
  affiliateProfile: page(() => import('@/pages/affiliate/AffiliateProfilePage'), 'AffiliateProfilePage'),
  accountPrivacy: page(() => import('@/pages/account/AccountPrivacyPage'), 'AccountPrivacyPage'),
  report: page(() => import('@/pages/reports/ReportPage'), 'ReportPage'),
  accountDecisions: page(() => import('@/pages/reports/OwnDecisionsPage'), 'OwnDecisionsPage'),
  demo: page(() => import('@/pages/demo/demo-pages'), 'DemoPage'),
};

// Pages with a demo mode at ?demo=true (decision 041): the demo page takes the real one's place.
const loadDemo = () => import('@/pages/demo/demo-pages');
const demoElements: Partial<Record<keyof typeof ROUTE_PATHS, ReactNode>> = {
  search: page(loadDemo, 'DemoSearchPage'),
  seekerDashboard: page(loadDemo, 'DemoSeekerDashboardPage'),
  successfulDeals: page(loadDemo, 'DemoDealsPage'),
  providerDashboard: page(loadDemo, 'DemoProviderDashboardPage'),
};
const isDemoAddress = () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('demo') === 'true';
/** Before a server-rendered page with a demo mode hydrates, the chunk of the one DemoSwitch shows loads. */
function withDemo(name: keyof typeof ROUTE_PATHS): ReactNode {
  const real = elements[name];
  const demo = demoElements[name];
  if (!demo) return real;
  const element = <DemoSwitch real={real} demo={demo} />;
  const loaderOf = (e: ReactNode) => (e && typeof e === 'object' ? loaders.get(e) : undefined);
  loaders.set(element, () => (isDemoAddress() ? loaderOf(demo) : loaderOf(real))?.() ?? Promise.resolve());
  return element;
}

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...(Object.keys(ROUTE_PATHS) as (keyof typeof ROUTE_PATHS)[]).map((name) => ({ path: ROUTE_PATHS[name], element: withDemo(name) })),
      { path: '*', element: notFound },
    ],
  },
];

/**
 * Loads the chunk of the page at this path. A page from the server is hydrated only once its code is there
 * (src/main.tsx): a boundary still waiting for its code when the first update arrives would drop the
 * server's HTML and show the loading fallback (decision 037).
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const matched = matchRoutes(routes, pathname);
  const element = matched?.[matched.length - 1]?.route.element;
  const load = element && typeof element === 'object' ? loaders.get(element) : undefined;
  return load ? load() : Promise.resolve();
}
