// Live figures from the database on the public pages (decision 042): each figure only when the server had
// enough cases for it; with none, the section is not there at all. Never a sample or a made-up number.
import { useTranslation } from 'react-i18next';
import { Clock, Handshake, MessageSquareReply } from 'lucide-react';
import { formatMinutes, formatNumber } from '@/components/market';
import type { MarketingFigures } from '../../../core/api/marketing.ts';
import type { FigureKey } from './public-sections';

const ICONS = { successfulDeals: Handshake, medianResponseMinutes: Clock, offerSharePercent: MessageSquareReply } as const;

export function LiveFiguresView({ figures, show }: { figures: MarketingFigures; show: FigureKey[] }) {
  const { t, i18n } = useTranslation('landing');
  const lang = i18n.resolvedLanguage ?? 'de';
  const items = show.flatMap((key) => {
    const v = figures[key];
    if (v === null) return [];
    const value =
      key === 'medianResponseMinutes'
        ? formatMinutes(v, lang)
        : key === 'offerSharePercent'
          ? new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { style: 'percent' }).format(v / 100)
          : formatNumber(v, lang);
    return [{ key, value }];
  });
  if (!items.length) return null;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="live-figures-title" data-testid="live-figures">
      <h2 id="live-figures-title" className="mb-6 text-center text-2xl font-bold tracking-tight sm:text-3xl">
        {t('figures.title')}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {items.map(({ key, value }) => {
          const Icon = ICONS[key];
          return (
            <div key={key} className="flex flex-col items-center gap-2 rounded-xl border bg-card p-6 text-center" data-testid={`figure-${key}`}>
              <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                <Icon className="size-5 shrink-0 text-primary" aria-hidden />
                {t(`figures.${key}`, { days: figures.windowDays })}
              </dt>
              <dd className="text-3xl font-extrabold tabular-nums" data-testid="figure-value">
                {value}
              </dd>
            </div>
          );
        })}
      </dl>
      <p className="mt-4 text-center text-xs text-muted-foreground">{t('figures.note', { min: figures.minSample, days: figures.windowDays })}</p>
    </section>
  );
}
