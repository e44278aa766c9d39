import { useTranslation } from 'react-i18next';
import { formatNumber, toUiLang } from '@/components/market';
import { DEMO_SAMPLE_FIGURES } from '@/demo/data';

/**
 * The specification's sample marketing figures (98 % conversion, 2,400+ leads, 24 h). They are not true of
 * akut, so they appear only in demo mode and say that they are examples (UWG §5, decision 041).
 */
export function DemoFigures() {
  const { t, i18n } = useTranslation('demo');
  const lang = toUiLang(i18n.resolvedLanguage);
  const percent = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'percent' }).format(DEMO_SAMPLE_FIGURES.conversionRate);
  const items = [
    { value: percent, label: t('figures.conversion') },
    { value: t('figures.leadsValue', { value: formatNumber(DEMO_SAMPLE_FIGURES.leads, lang) }), label: t('figures.leads') },
    { value: t('figures.responseValue', { hours: DEMO_SAMPLE_FIGURES.responseHours }), label: t('figures.response') },
  ];
  return (
    <section aria-labelledby="demo-figures-title" data-testid="demo-figures" className="rounded-xl border border-dashed border-amber-400 bg-amber-50/60 p-5">
      <h2 id="demo-figures-title" className="text-lg font-bold">
        {t('figures.title')}
      </h2>
      <p className="mt-1 text-sm text-amber-950">{t('figures.note')}</p>
      <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
        {items.map((i) => (
          <div key={i.label} className="flex flex-col-reverse gap-1">
            <dt className="text-xs text-muted-foreground sm:text-sm">{i.label}</dt>
            <dd className="text-2xl font-extrabold sm:text-3xl">{i.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
