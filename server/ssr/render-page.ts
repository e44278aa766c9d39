// Server render of a public page into the built index.html (decision 037): language from ?lng or the
// browser's Accept-Language, the page's data fetched here, the React render of src/entry-server.tsx, and the
// head search engines and link previews read: title, description, canonical, hreflang de/en/x-default, Open
// Graph, Twitter card, JSON-LD. English pages are the same paths with ?lng=en.
import type { AppDeps } from '../deps.ts';
import { translator, type Lang } from '../i18n.ts';
import { INITIAL_DATA_ID, type RenderFn } from '../../core/pages/render.ts';
import { fetchPageData } from './page-data.ts';
import type { Reader } from '../http/read-after-write.ts';
import type { AnonymousGreeting } from '../chat/session.ts';
import type { JsonLd } from './structured-data.ts';

export type { RenderFn };

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside a <script>: nothing in it can end the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The address of a page in one language: German without a query, English with ?lng=en. */
export function pageUrl(origin: string, pathname: string, lang: Lang): string {
  return `${origin}${pathname}${lang === 'en' ? '?lng=en' : ''}`;
}

function headTags(h: {
  lang: Lang;
  addressLang: Lang;
  title: string;
  description: string;
  canonicalPath: string | null;
  origin: string;
  jsonLd: JsonLd[];
}): string {
  const tags = [`<title>${escapeHtml(h.title)}</title>`, `<meta name="description" content="${escapeHtml(h.description)}">`];
  if (h.canonicalPath === null) tags.push('<meta name="robots" content="noindex">');
  else {
    // The canonical address is the language variant that was asked for: ?lng=en is English, the bare path
    // German. A browser's Accept-Language may show English at the bare path, but crawlers (which send none)
    // get German there, so each address has one language for them and the canonical never points to the
    // other hreflang variant.
    const url = pageUrl(h.origin, h.canonicalPath, h.addressLang);
    tags.push(
      `<link rel="canonical" href="${escapeHtml(url)}">`,
      `<link rel="alternate" hreflang="de" href="${escapeHtml(pageUrl(h.origin, h.canonicalPath, 'de'))}">`,
      `<link rel="alternate" hreflang="en" href="${escapeHtml(pageUrl(h.origin, h.canonicalPath, 'en'))}">`,
      `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(h.origin, h.canonicalPath, 'de'))}">`,
      `<meta property="og:url" content="${escapeHtml(url)}">`,
    );
  }
  tags.push(
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="akut">',
    `<meta property="og:title" content="${escapeHtml(h.title)}">`,
    `<meta property="og:description" content="${escapeHtml(h.description)}">`,
    `<meta property="og:locale" content="${h.lang === 'en' ? 'en_GB' : 'de_DE'}">`,
    `<meta property="og:locale:alternate" content="${h.lang === 'en' ? 'de_DE' : 'en_GB'}">`,
    `<meta property="og:image" content="${escapeHtml(`${h.origin}/og-image.png`)}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${escapeHtml(h.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(h.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(`${h.origin}/og-image.png`)}">`,
  );
  for (const data of h.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}

export interface RenderedPage {
  status: number;
  html: string;
}

export async function renderPage(
  deps: AppDeps,
  render: RenderFn,
  template: string,
  req: {
    url: string;
    pathname: string;
    pattern: string | null;
    lang: Lang;
    signedIn?: boolean;
    greeting?: AnonymousGreeting;
    /** Where the page's data are read (decision 079); the primary when not given. */
    read?: Reader;
  },
): Promise<RenderedPage> {
  const origin = deps.config.appUrl;
  const t = translator(req.lang);
  const defaultDescription = t('landing:meta.description');
  const query = new URL(req.url, 'http://x').searchParams;
  const pathname = req.pathname.length > 1 ? req.pathname.replace(/\/$/, '') : req.pathname;
  const addressLang: Lang = query.get('lng')?.toLowerCase().startsWith('en') ? 'en' : 'de';
  const page = req.pattern
    ? await fetchPageData(deps, {
        pattern: req.pattern,
        pathname,
        query,
        lang: req.lang,
        canonicalUrl: pageUrl(origin, pathname, addressLang),
        origin,
        description: defaultDescription,
        signedIn: req.signedIn,
        greeting: req.greeting,
        read: req.read ?? ((fn) => fn(deps.db.prisma)),
      })
    : { data: {}, jsonLd: [], notFound: true };
  const { html, head, namespaces } = await render({ url: req.url, lang: req.lang, data: page.data });
  const notFound = page.notFound || !req.pattern;
  const tags = headTags({
    lang: req.lang,
    addressLang,
    title: head.title ?? 'akut',
    description: head.description ?? defaultDescription,
    canonicalPath: notFound || page.noindex ? null : (head.canonical ?? pathname),
    origin,
    jsonLd: page.jsonLd,
  });
  const dataScript = Object.keys(page.data).length ? `<script type="application/json" id="${INITIAL_DATA_ID}">${scriptJson(page.data)}</script>\n  ` : '';
  const out = template
    .replace(/<html lang="[^"]*"/, `<html lang="${req.lang}"`)
    .replace(/\s*<title>[^<]*<\/title>/, '')
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `  ${tags}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root" data-ns="${escapeHtml(namespaces.join(','))}">${html}</div>`)
    .replace('</body>', () => `${dataScript}</body>`);
  return { status: notFound ? 404 : 200, html: out };
}
