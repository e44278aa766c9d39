// /erfolgreiche-deals?demo=true: fictional successful deals with their summary (decision 041).
import { useTranslation } from 'react-i18next';
import { formatEuroWhole, formatNumber, toUiLang } from '@/components/market';
import { usePageMeta } from '@/lib/auth';
import { DEMO_DEALS } from '@/demo/data';
import { DemoBanner, DemoTag } from './demo-banner';
import { DemoDealCard } from './demo-deal-card';

export function DemoDealsPage() {
  const { t, i18n } = useTranslation('demo');
  const lang = toUiLang(i18n.resolvedLanguage);
  usePageMeta(t('deals.meta.title'), t('deals.meta.description'), '/demo');
  const places = new Set(DEMO_DEALS.map((d) => t(`data.deals.${d.id}.place`))).size;
  const volume = DEMO_DEALS.reduce((sum, d) => sum + d.value, 0);
  const summary = [
    { label: t('deals.count'), value: formatNumber(DEMO_DEALS.length, lang) },
    { label: t('deals.volume'), value: formatEuroWhole(volume, lang) },
    { label: t('deals.places'), value: formatNumber(places, lang) },
  ];
  return (
    <>
      <DemoBanner />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
        <div>
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
            {t('deals.title')} <DemoTag />
          </h1>
          <p className="mt-1 text-muted-foreground">{t('deals.subtitle')}</p>
        </div>
        <dl className="grid grid-cols-3 gap-3" data-testid="demo-deals-summary">
          {summary.map((s) => (
            // dt and dd directly in one div of the list (a card's inner wrapper would break the definition list).
            <div key={s.label} className="flex flex-col-reverse gap-1 rounded-lg border bg-card p-4 shadow-sm">
              <dt className="text-sm text-muted-foreground">{s.label}</dt>
              <dd className="text-xl font-bold sm:text-2xl">{s.value}</dd>
            </div>
          ))}
        </dl>
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {DEMO_DEALS.map((d) => (
            <li key={d.id}>
              <DemoDealCard deal={d} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
