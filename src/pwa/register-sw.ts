// Registers the service worker (/sw.js, decision 036) once the page has loaded, so it never competes with the
// first paint. Only in the production build; a failure is logged, never shown: the app works without it.
// (The entry module runs before the load event: modules are deferred.)
export function registerServiceWorker(): void {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    addEventListener('load', () => navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('service worker:', err)));
  }
}
