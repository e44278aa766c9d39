import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Stars, formatDate, formatEuroWhole, toUiLang } from '@/components/market';
import { demoProvider, type DemoDeal } from '@/demo/data';

/** One fictional successful deal: category, provider, rating, customer, value, place, date, testimonial. */
export function DemoDealCard({ deal, compact = false }: { deal: DemoDeal; compact?: boolean }) {
  const { t, i18n } = useTranslation('demo');
  const { t: ti } = useTranslation('intake');
  const lang = toUiLang(i18n.resolvedLanguage);
  const provider = demoProvider(deal.providerId);
  return (
    <Card data-testid={`demo-deal-${deal.id}`}>
      <CardContent className="flex flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs">
          <span className="rounded-full bg-muted px-2 py-0.5 font-medium">{ti(`categories.${deal.category}`)}</span>
          <Stars value={deal.rating} />
        </div>
        <p className="font-semibold">{provider.name}</p>
        <p className="text-sm text-muted-foreground">
          {t('deals.customer')}: {t(`data.deals.${deal.id}.customer`)} · {t('deals.value')}:{' '}
          <span className="font-semibold text-foreground">{formatEuroWhole(deal.value, lang)}</span>
        </p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-3.5" aria-hidden />
          {t(`data.deals.${deal.id}.place`)} · {t('deals.completed', { date: formatDate(deal.completedAt, lang) })}
        </p>
        {!compact && (
          <blockquote className="border-l-2 border-primary/40 pl-3 text-sm italic">
            {t('deals.quote', { text: t(`data.deals.${deal.id}.testimonial`) })}
          </blockquote>
        )}
        {compact && <p className="text-sm italic">{t('deals.quote', { text: t(`data.deals.${deal.id}.testimonial`) })}</p>}
      </CardContent>
    </Card>
  );
}
