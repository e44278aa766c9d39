import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './index.css';
import './i18n';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/app/error-boundary';
import { routes } from '@/app/routes';
import { registerServiceWorker } from '@/pwa/register-sw';

// The toaster (sonner) is not needed for the first paint; toasts come from pages that load later.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

// Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data router
// would add about 18 KB gzip to every page (decision 027).
function App() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ErrorBoundary>
      <AuthProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <Suspense>
          <Toaster position="bottom-right" duration={4000} visibleToasts={3} theme="system" richColors closeButton />
        </Suspense>
      </AuthProvider>
    </ErrorBoundary>
  </StrictMode>,
);

registerServiceWorker();
