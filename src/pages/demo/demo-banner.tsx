// The label every demo screen carries (decision 041): the data shown is fictional and nothing is saved.
import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';

export function DemoBanner({ overviewLink = true }: { overviewLink?: boolean }) {
  const { t } = useTranslation('demo');
  return (
    <div role="note" data-testid="demo-banner" className="border-b border-amber-300 bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-2 text-sm sm:flex-row sm:items-center sm:gap-3">
        <p className="flex items-center gap-2 font-semibold">
          <FlaskConical className="size-4 shrink-0" aria-hidden />
          {t('banner.text')}
        </p>
        <p className="text-amber-900">{t('banner.detail')}</p>
        {overviewLink && (
          <a href="/demo" className="font-medium underline underline-offset-2 sm:ml-auto">
            {t('banner.overview')}
          </a>
        )}
      </div>
    </div>
  );
}

/** The small 'Demo' tag on dialogs and cards inside demo mode. */
export function DemoTag() {
  const { t } = useTranslation('demo');
  return <span className="rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">{t('label')}</span>;
}
