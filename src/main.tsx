import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import './index.css';
import { loadServedNamespaces, serverRendered } from './i18n';
import { AuthProvider } from '@/lib/auth';
import { ErrorBoundary } from '@/app/error-boundary';
import { preloadPage, routes } from '@/app/routes';
import { DeferredToaster } from '@/app/deferred-toaster';
import { registerServiceWorker } from '@/pwa/register-sw';

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
// The page's code and the words it was rendered with come first, so hydration never waits on them.
// Decision 057: nothing here runs as one long task on a slow phone. Loading the page's code starts in a task of
// its own, after the one that evaluated this bundle, and hydration is a transition, which React renders in
// slices of a few milliseconds and interrupts for the visitor's input.
const root = document.getElementById('root')!;
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
if (serverRendered) {
  const namespaces = (root.dataset.ns ?? '').split(',').filter(Boolean);
  void nextTask()
    .then(() => Promise.all([preloadPage(window.location.pathname), loadServedNamespaces(namespaces)]))
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
} else createRoot(root).render(app);

registerServiceWorker();
