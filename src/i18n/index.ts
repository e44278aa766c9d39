// i18next for the client: German default, English complete. Detection: ?lng, localStorage, browser, <html lang>.
// The landing page's words (common, landing) are in the first bundle; every other namespace of one language
// loads on demand, in one chunk per language (the pages refer to each other's namespaces, so they come
// together), except the long legal texts, which load only on the legal pages. See decision 027.
import i18n, { type BackendModule, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { numberFormatter } from '../../core/i18n/number-formatter.ts';

// German, the default, is in the first bundle; English's common and landing are two small chunks of their own
// (decision 037: they kept the first load of / and /search within budget once pages hydrate).
const bundled = import.meta.glob('../../core/i18n/locales/de/{common,landing}.json', { eager: true, import: 'default' }) as Record<
  string,
  Record<string, unknown>
>;
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, content] of Object.entries(bundled)) {
  const m = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file);
  if (m) (resources[m[1]!] ??= {})[m[2]!] = content;
}

type Namespaces = Record<string, ResourceKey>;
const languageChunks: Record<string, () => Promise<{ namespaces: Namespaces }>> = {
  de: () => import('./lang-de.ts'),
  en: () => import('./lang-en.ts'),
};
const separate = import.meta.glob(['../../core/i18n/locales/*/legal.json', '../../core/i18n/locales/en/{common,landing}.json'], {
  import: 'default',
}) as Record<string, () => Promise<ResourceKey>>;

// The namespaces the public pages render with also on their own (a copy under '?ns', so the language chunks above
// stay whole): a page from the server hydrates with exactly the words its HTML was rendered with, not its language's
// every word (decision 087). Only those: each entry is a chunk name in every page's first bundle (52 of them cost
// 0.6 KB gzip). A namespace a server page reads that is not here still works: it loads with its whole language
// before hydration, and tests/e2e/first-load.spec.ts fails on it.
const single = import.meta.glob('../../core/i18n/locales/*/{affiliate,chat,deals,demo,intake,market,pitch,provider,search,shop}.json', {
  query: '?ns',
  import: 'default',
}) as Record<string, () => Promise<ResourceKey>>;

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const lng = language.startsWith('en') ? 'en' : 'de';
    const own = separate[`../../core/i18n/locales/${lng}/${namespace}.json`];
    if (own) {
      own().then(
        (data) => callback(null, data),
        (e: unknown) => callback(e as Error, null),
      );
      return;
    }
    languageChunks[lng]!().then(
      ({ namespaces }) => {
        // A component may read another namespace with 'ns:key': the whole language is there at once.
        // Added as they are, without a deep merge or a copy (nothing changes the chunk's objects): the two were
        // about half of a 17 ms task before hydration in the profile of decision 057.
        for (const [ns, data] of Object.entries(namespaces))
          if (ns !== namespace && !i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, data, false, false, { skipCopy: true });
        callback(null, namespaces[namespace] ?? {});
      },
      (e: unknown) => callback(e as Error, null),
    );
  },
};

// The detection order of the specification (query lng, localStorage, browser, <html lang>), cached in
// localStorage: the few lines i18next-browser-languagedetector did here, without its 2 KB gzip.
function preferredLanguages(): string[] {
  const candidates: (string | null | undefined)[] = [new URLSearchParams(window.location.search).get('lng')];
  try {
    candidates.push(localStorage.getItem('i18nextLng'));
  } catch {
    // storage blocked: the browser's languages decide
  }
  candidates.push(...(navigator.languages ?? [navigator.language]), document.documentElement.lang);
  return candidates.filter((c): c is string => Boolean(c));
}

const inBrowser = typeof window !== 'undefined';
/** The page came rendered from the server (decision 037): it hydrates in the language it was rendered in. */
export const serverRendered = inBrowser && Boolean(document.getElementById('root')?.hasChildNodes());
function storedChoice(): string | null {
  try {
    return localStorage.getItem('i18nextLng');
  } catch {
    return null;
  }
}
const toLang = (c: string | null | undefined): 'de' | 'en' => (c?.toLowerCase().startsWith('en') ? 'en' : 'de');
/**
 * The language the visitor wants, read before i18next caches the server's choice over it. On a page from the
 * server only a choice of their own (?lng, or one stored with the switcher) counts: the server already
 * followed the browser's languages (Accept-Language), and a browser without that header is not overruled.
 */
export const preferredLanguage: 'de' | 'en' = !inBrowser
  ? 'de'
  : serverRendered
    ? toLang(new URLSearchParams(window.location.search).get('lng') ?? storedChoice() ?? document.documentElement.lang)
    : toLang(preferredLanguages().find((c) => /^(de|en)/i.test(c)));

const detector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    if (!inBrowser) return ['de'];
    return serverRendered ? [document.documentElement.lang || 'de'] : preferredLanguages();
  },
  cacheUserLanguage(lng) {
    // The server's language at hydration is not a choice; the visitor's own stays stored.
    if (serverRendered && lng !== preferredLanguage && !hydrated) return;
    try {
      localStorage.setItem('i18nextLng', lng);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
  },
};

let hydrated = false;
/** After hydration: from now on a language change is the visitor's own. */
export function markHydrated() {
  hydrated = true;
}

void i18n
  .use(lazyBackend)
  .use(detector)
  .use(initReactI18next)
  .use(numberFormatter)
  .init({
    resources,
    partialBundledLanguages: true,
    // English is complete (a parity test checks it), so English never loads German as its fallback.
    fallbackLng: (code: string) => (code?.startsWith('en') ? ['en'] : ['de']),
    supportedLngs: ['de', 'en'],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    defaultNS: 'common',
    ns: ['common', 'landing'],
    interpolation: { escapeValue: false, alwaysFormat: true },
  });

// Only on a change: writing the attribute, even unchanged, makes the browser recalculate every element's style
// (:lang() is inherited), about 12 ms on a phone-sized page right after the first paint.
const syncHtmlLang = (lng: string) => {
  const lang = lng.startsWith('en') ? 'en' : 'de';
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
};
if (inBrowser) {
  // i18n.language, not resolvedLanguage: an English page's words are still loading here, and resolvedLanguage
  // would still be unset, which wrote 'de' on the English page until they came.
  syncHtmlLang(i18n.language ?? 'de');
  i18n.on('languageChanged', syncHtmlLang);
}

/** Namespaces added from their '?ns' copy, which may lack parts no server page shows (vite.config.ts). */
const fromCopy = new Set<string>();
/**
 * Before a server page hydrates: the namespaces its render read (data-ns on #root), each from its own small chunk;
 * German's common and landing are in the bundle, English's and the legal texts are chunks of their own anyway.
 */
export function loadServedNamespaces(namespaces: string[]): Promise<unknown> {
  const lng = toLang(i18n.language);
  return Promise.all(
    namespaces.map((ns) => {
      if (i18n.hasResourceBundle(lng, ns)) return undefined;
      const own = single[`../../core/i18n/locales/${lng}/${ns}.json`];
      if (!own) return i18n.loadNamespaces(ns);
      return own().then((data) => {
        if (i18n.hasResourceBundle(lng, ns)) return;
        i18n.addResourceBundle(lng, ns, data, false, false, { skipCopy: true });
        fromCopy.add(ns);
      });
    }),
  );
}

let allWords: Promise<void> | null = null;
/**
 * Every word of the page's language (its one chunk), loaded once the page has hydrated. Afterwards any part of the
 * app may read any namespace ('ns:key', a message of the errors namespace, a page reached by a link), as before.
 * The conversation and a signed-in visitor's view wait for it.
 */
export function loadAllWords(): Promise<void> {
  if (!inBrowser) return Promise.resolve();
  allWords ??= (async () => {
    const lng = toLang(i18n.language);
    const { namespaces } = await languageChunks[lng]!();
    // A namespace from its copy is replaced by the whole one (a shallow merge: the copy's keys are the same).
    for (const [ns, data] of Object.entries(namespaces))
      if (fromCopy.has(ns) || !i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, data, false, false, { skipCopy: true });
    fromCopy.clear();
  })();
  allWords.catch(() => {
    allWords = null;
  });
  return allWords;
}

export function currentLang(): 'de' | 'en' {
  return (i18n.resolvedLanguage ?? i18n.language ?? 'de').startsWith('en') ? 'en' : 'de';
}

export default i18n;
