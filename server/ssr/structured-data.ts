// schema.org objects for the public pages' JSON-LD (decision 037): the organisation on the landing page and a
// LocalBusiness with its rating on a provider's page, built from the same data the page shows.
import type { PublicProvider } from '../../core/providers/providers.schemas.ts';
import type { Config } from '../config.ts';

export type JsonLd = Record<string, unknown>;

export function organizationJsonLd(config: Config, origin: string, description: string): JsonLd {
  const op = config.operator;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'akut',
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    description,
    ...(op.configured ? { legalName: op.name, ...(op.email ? { email: op.email } : {}) } : {}),
  };
}

export function providerJsonLd(p: PublicProvider, url: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': url,
    name: p.firmenname,
    url,
    ...(p.description ? { description: p.description } : {}),
    address: { '@type': 'PostalAddress', ...(p.place ? { addressLocality: p.place } : {}), addressCountry: 'DE' },
    ...(p.place ? { areaServed: p.place } : {}),
    // Only real reviews: no rating is claimed before the first one.
    ...(p.ratingCount > 0 && p.ratingAvg !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(p.ratingAvg * 10) / 10,
            reviewCount: p.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
          review: p.reviews.slice(0, 10).map((r) => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: r.customer },
            datePublished: r.createdAt.slice(0, 10),
            ...(r.testimonial ? { reviewBody: r.testimonial } : {}),
          })),
        }
      : {}),
  };
}
