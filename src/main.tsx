import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './index.css';
import { serverRendered } from './i18n';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/app/error-boundary';
import { routes } from '@/app/routes';
import { DeferredToaster } from '@/app/deferred-toaster';

// Declarative routing (BrowserRouter + useRoutes): the app uses no loaders or actions, and the data router
// would add about 18 KB gzip to every page (decision 027).
function App() {
  return useRoutes(routes);
}

const app = (
  <StrictMode>
    <ErrorBoundary>
      <AuthProvider>
        <BrowserRouter>
          <App />
        </BrowserRouter>
        <DeferredToaster />
      </AuthProvider>
    </ErrorBoundary>
  </StrictMode>
);

// Public pages come rendered from the server (decision 037) and are hydrated; dashboards and the chat get
// the empty shell and render here.
const root = document.getElementById('root')!;
if (serverRendered) hydrateRoot(root, app);
else createRoot(root).render(app);
