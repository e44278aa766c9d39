// What seekers said about providers, from real reviews of completed deals (newest good ones first, as the
// server picks them); the section is left out while there are none.
import { useTranslation } from 'react-i18next';
import { Quote } from 'lucide-react';
import { Stars } from '@/components/market';
import type { Testimonial } from '../../../core/api/marketing.ts';

export function TestimonialList({ testimonials }: { testimonials: Testimonial[] }) {
  // The category names are the intake's words: asked for only here, so a page without testimonials does not
  // load them (nor this component: src/pages/landing/public-sections.tsx).
  const { t } = useTranslation(['landing', 'intake']);
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:py-20" aria-labelledby="testimonials-title" data-testid="testimonials">
      <div className="mb-10 text-center">
        <h2 id="testimonials-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('testimonials.title')}
        </h2>
        <p className="mt-2 text-muted-foreground">{t('testimonials.subtitle')}</p>
      </div>
      <ul className="grid gap-6 md:grid-cols-3">
        {testimonials.map((r) => (
          <li key={r.id}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6" data-testid="testimonial">
              <Stars value={r.rating} />
              <blockquote className="relative flex-1 pl-7 text-sm italic">
                <Quote className="absolute top-0.5 left-0 size-4 text-primary/60" aria-hidden />
                {r.testimonial}
              </blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{r.customer ?? t('testimonials.anonymous')}</span>
                <span className="text-muted-foreground">
                  {' '}
                  {t('testimonials.about')}{' '}
                  <a href={`/anbieter/${r.providerId}`} className="font-medium text-foreground underline-offset-4 hover:underline">
                    {r.providerName}
                  </a>{' '}
                  · {t(`intake:categories.${r.kategorie}`, { defaultValue: r.kategorie })}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
