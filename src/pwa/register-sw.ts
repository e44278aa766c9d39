// Registers the service worker (/sw.js, decision 036) once the page has loaded, so it never competes with the
// first paint. Only in the production build; a failure is logged, never shown: the app works without it.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((err: unknown) => console.warn('service worker not registered', err));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
