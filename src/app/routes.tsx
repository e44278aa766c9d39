import type { RouteObject } from 'react-router';
import { AppLayout } from './layout';
import { LandingPage } from '@/pages/landing/LandingPage';
import { AuthPage } from '@/pages/auth/AuthPage';
import { AdminPage } from '@/pages/admin/AdminPage';
import { SearchPage } from '@/pages/search/SearchPage';
import { NotFoundPage } from '@/pages/not-found/NotFoundPage';

// Each screen's route is registered by the issue that builds it.
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/admin', element: <AdminPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
