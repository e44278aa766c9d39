// The landing pages' live figures and testimonials (decision 042), as the pages place them. Whether a section
// is there is decided here from its data; its markup loads on demand, so pages (and the entry chunk, which holds
// the landing page) pay for it only when there is something to show. The server renders it whole; in the
// browser React keeps the server's HTML of the section until its code has arrived.
import { lazy, Suspense } from 'react';
import type { MarketingFigures } from '../../../core/api/marketing.ts';
import type { Testimonial } from '../../../core/api/marketing.ts';
import { HydratedSignal, holdUntilHydrated } from '@/app/hydration-gate';
import { usePublicData } from './use-public-data';

export type FigureKey = 'successfulDeals' | 'medianResponseMinutes' | 'offerSharePercent';

const LiveFiguresView = lazy(async () => ({ default: (await import('./LiveFigures')).LiveFiguresView }));
const TestimonialList = lazy(async () => ({ default: (await import('./Testimonials')).TestimonialList }));

export function LiveFigures({ show = ['successfulDeals', 'medianResponseMinutes', 'offerSharePercent'] }: { show?: FigureKey[] }) {
  const figures = usePublicData<MarketingFigures>('marketing-figures', '/api/marketing/figures');
  if (!figures || show.every((k) => figures[k] === null)) return null;
  holdUntilHydrated('live-figures');
  return (
    <Suspense fallback={null}>
      <LiveFiguresView figures={figures} show={show} />
      <HydratedSignal name="live-figures" />
    </Suspense>
  );
}

export function Testimonials() {
  const data = usePublicData<{ testimonials: Testimonial[] }>('testimonials', '/api/marketing/testimonials');
  if (!data?.testimonials.length) return null;
  holdUntilHydrated('testimonials');
  return (
    <Suspense fallback={null}>
      <TestimonialList testimonials={data.testimonials} />
      <HydratedSignal name="testimonials" />
    </Suspense>
  );
}
