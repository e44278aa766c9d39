// akut's service worker (decision 036), a plain script the build copies to /sw.js with BUILD and PRECACHE
// filled in (src/pwa/build-plugin.ts). What it keeps is only what is the same for everybody:
//   - hashed build files (/assets/…): cache first; their names change whenever their content does;
//   - the offline page, its script, the logo, the manifest and the icons: stored at install;
//   - page navigations: always the network; when it fails, the offline page (pages are never stored).
// API answers, sign-in, the live socket and anything else personal never reach the cache.
const BUILD = '__BUILD__';
const PRECACHE = /* __PRECACHE__ */ ['/offline.html'];
const STATIC_CACHE = `akut-static-${BUILD}`;
const ASSET_CACHE = `akut-assets-${BUILD}`;
const OFFLINE_PAGE = '/offline.html';

// Never touched, whatever the request: the API (sign-in, sessions and every answer with personal data) and the
// live socket. Pages (the sign-in page and dashboards included) go to the network and are never stored either.
const NEVER = /^\/(api|ws)(\/|$)/;

/** How a request is served: 'asset', 'precached', 'navigate' (network, offline page on failure) or null (untouched). */
function strategyFor(url, method, mode) {
  if (method !== 'GET' || url.origin !== self.location.origin) return null;
  if (NEVER.test(url.pathname)) return null;
  if (mode === 'navigate') return 'navigate';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (PRECACHE.includes(url.pathname) && !url.search) return 'precached';
  return null;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Caches of earlier builds go; a page still open on an old build loads what it misses from the network.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('akut-') && k !== STATIC_CACHE && k !== ASSET_CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function cacheFirst(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  // Only whole, same-origin answers; a 404 or a partial answer is passed on, not kept.
  if (response.ok && response.status === 200 && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: STATIC_CACHE });
    return offline ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const strategy = strategyFor(new URL(request.url), request.method, request.mode);
  if (strategy === 'navigate') event.respondWith(networkFirstPage(request));
  else if (strategy === 'asset') event.respondWith(cacheFirst(request));
  else if (strategy === 'precached') event.respondWith(caches.match(request, { cacheName: STATIC_CACHE }).then((hit) => hit ?? fetch(request)));
});
