import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import './index.css';
import './i18n';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/app/error-boundary';
import { routes } from '@/app/routes';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme="system" richColors closeButton />
      </AuthProvider>
    </ErrorBoundary>
  </StrictMode>,
);
