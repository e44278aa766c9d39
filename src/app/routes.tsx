import type { RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { LandingPage } from '@/pages/landing/LandingPage';
import { AuthPage } from '@/pages/auth/AuthPage';
import { AdminPage } from '@/pages/admin/AdminPage';
import { SearchPage } from '@/pages/search/SearchPage';
import { NotFoundPage } from '@/pages/not-found/NotFoundPage';
import { SeekerDashboardPage } from '@/pages/seeker/SeekerDashboardPage';
import { SuccessfulDealsPage } from '@/pages/deals/SuccessfulDealsPage';
import { ProviderDashboardPage } from '@/pages/provider/ProviderDashboardPage';
import { PublicProviderPage } from '@/pages/provider/public/PublicProviderPage';
import { TestCheckoutPage } from '@/pages/shop/TestCheckoutPage';
import { ThankYouPage } from '@/pages/shop/ThankYouPage';
import { ReceiptPage } from '@/pages/shop/ReceiptPage';
import { AffiliatePage } from '@/pages/affiliate/AffiliatePage';
import { PitchPage } from '@/pages/affiliate/PitchPage';
import { AffiliateDashboardPage } from '@/pages/affiliate/AffiliateDashboardPage';
import { AffiliateProfilePage } from '@/pages/affiliate/AffiliateProfilePage';

// Each screen's route is registered by the issue that builds it.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '/suchende-dashboard', element: <SeekerDashboardPage /> },
      { path: '/erfolgreiche-deals', element: <SuccessfulDealsPage /> },
      { path: '/anbieter/dashboard', element: <ProviderDashboardPage /> },
      { path: '/anbieter/:id', element: <PublicProviderPage /> },
      { path: '/shop/test-checkout/:id', element: <TestCheckoutPage /> },
      { path: '/shop/danke', element: <ThankYouPage /> },
      { path: '/quittung/:id', element: <ReceiptPage /> },
      { path: '/affiliate', element: <AffiliatePage /> },
      { path: '/affiliate/suchende', element: <PitchPage audience="seekers" /> },
      { path: '/affiliate/anbieter', element: <PitchPage audience="providers" /> },
      { path: '/affiliate/dashboard', element: <AffiliateDashboardPage /> },
      { path: '/affiliate/profile', element: <AffiliateProfilePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
