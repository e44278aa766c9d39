// What the server fetches for a server-rendered page (decision 037): the same domain queries as the page's
// API calls, under the keys the pages read with useInitialData, plus the page's structured data. The values
// go through JSON as the API's answers do, so the first client render sees exactly what the server rendered.
import type { AppDeps } from '../deps.ts';
import type { Reader } from '../http/read-after-write.ts';
import { isAppError } from '../../core/errors.ts';
import { publicConfig } from '../config.ts';
import { getPublicProvider } from '../domain/providers/get-public-provider.ts';
import { listSuccessfulDeals, SUCCESS_FILTER_CATEGORIES } from '../domain/deals/successful-deals.ts';
import { listPackages } from '../../core/shop/packages.ts';
import { GOINTS_PER_EUR, UNLOCK_PRICE_GOINTS } from '../../core/money/money.ts';
import type { CategoryId } from '../../core/categories/category-ids.ts';
import { getCommissionPlan } from '../domain/affiliate/get-commission-plan.ts';
import { getSettings } from '../domain/settings/settings.ts';
import { getMarketingFigures } from '../domain/marketing/get-marketing-figures.ts';
import { listTestimonials } from '../domain/marketing/list-testimonials.ts';
import { anonymousGreeting, type AnonymousGreeting } from '../chat/session.ts';
import { organizationJsonLd, providerJsonLd, type JsonLd } from './structured-data.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PageData {
  data: Record<string, unknown>;
  jsonLd: JsonLd[];
  /** Nothing at this address (an unknown provider): answered 404. */
  notFound: boolean;
  /** Shown, but not for search engines (a provider page restricted after a report, decision 059). */
  noindex?: boolean;
}

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export async function fetchPageData(
  deps: AppDeps,
  page: {
    pattern: string;
    pathname: string;
    query: URLSearchParams;
    lang: 'de' | 'en';
    canonicalUrl: string;
    origin: string;
    description: string;
    /** The request carries a session cookie: nothing is rendered that only an anonymous visitor would see. */
    signedIn?: boolean;
    /** The anonymous greeting of /search when the caller has it already (the page cache's key). */
    greeting?: AnonymousGreeting;
    /** The page's reads may be a moment old: the replica unless the caller wrote lately (decision 079). */
    read: Reader;
  },
): Promise<PageData> {
  const out: PageData = { data: {}, jsonLd: [], notFound: false };
  const { read } = page;
  switch (page.pattern) {
    case '/':
      out.jsonLd.push(organizationJsonLd(deps.config, page.origin, page.description));
      // The answers of GET /api/marketing/figures and /api/marketing/testimonials (decision 042).
      out.data['marketing-figures'] = viaJson(await read(getMarketingFigures));
      out.data.testimonials = viaJson({ testimonials: await read(listTestimonials) });
      break;
    case '/anbieter':
      out.data.prices = { packages: listPackages(), unlockPriceGoints: UNLOCK_PRICE_GOINTS, gointsPerEur: GOINTS_PER_EUR };
      out.data['marketing-figures'] = viaJson(await read(getMarketingFigures));
      break;
    case '/suchende':
      out.data['marketing-figures'] = viaJson(await read(getMarketingFigures));
      break;
    case '/affiliate':
    case '/affiliate/suchende':
    case '/affiliate/anbieter':
      // The answer of GET /api/affiliate/plan.
      out.data['affiliate-plan'] = viaJson({
        ...(await read(getCommissionPlan)),
        unlockPriceGoints: UNLOCK_PRICE_GOINTS,
        maxUnlocks: (await read(getSettings))['marketplace.maxUnlocks'],
      });
      break;
    case '/search':
      // The greeting of a new anonymous session, shown in the chat panel before the chat's code has loaded
      // (decision 055). A signed-in person's greeting comes from their session (by name), as before.
      // Without it (the database gone) the panel shows its loading line, and the chat says what went wrong.
      if (!page.signedIn) {
        const greeting = page.greeting ?? (await anonymousGreeting(deps.db.prisma, page.lang, deps.logger).catch(() => null));
        if (greeting) out.data['chat-greeting'] = viaJson({ lang: greeting.lang, messages: greeting.messages });
        else deps.logger.warn({ path: page.pathname }, 'the /search greeting could not be read; the page is rendered without it');
      }
      break;
    case '/impressum':
    case '/datenschutz':
      out.data.config = viaJson(publicConfig(deps.config));
      break;
    case '/erfolgreiche-deals': {
      // The page's own reading of its URL (src/pages/deals/SuccessfulDealsPage.tsx).
      const q = (page.query.get('q') ?? '').trim().slice(0, 100);
      const raw = page.query.get('category') ?? '';
      const category = (SUCCESS_FILTER_CATEGORIES as readonly string[]).includes(raw) ? (raw as CategoryId) : undefined;
      const key = new URLSearchParams({ ...(q ? { q } : {}), ...(category ? { category } : {}) }).toString();
      out.data[`successful-deals?${key}`] = viaJson(await read((db) => listSuccessfulDeals(db, { ...(q ? { q } : {}), ...(category ? { category } : {}) })));
      break;
    }
    case '/anbieter/:id': {
      const id = decodeURIComponent(page.pathname.split('/').filter(Boolean)[1] ?? '');
      if (!UUID.test(id)) {
        out.notFound = true;
        break;
      }
      try {
        const provider = viaJson(await read((db) => getPublicProvider(db, id, page.lang)));
        out.data[`provider:${id}`] = { ...provider, favorite: null };
        if (provider.listed) out.jsonLd.push(providerJsonLd(provider, page.canonicalUrl));
        else out.noindex = true;
      } catch (e) {
        if (!isAppError(e) || e.code !== 'NOT_FOUND') throw e;
        out.data[`provider:${id}`] = null;
        out.notFound = true;
      }
      break;
    }
  }
  return out;
}
