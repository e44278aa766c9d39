// A provider's trader details as the seeker reads them with the unlocked contact (DSA Art. 30(7)).
import { useTranslation } from 'react-i18next';
import { Scale } from 'lucide-react';
import type { TraderDetailsView } from '../../../core/providers/trader-details.ts';
import { formatDate } from './format';

export function TraderLines({ trader }: { trader: TraderDetailsView | null }) {
  const { t, i18n } = useTranslation('market');
  if (!trader) return null;
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <div className="flex flex-col gap-1 rounded-lg border bg-muted/40 p-3 text-sm" data-testid="trader-details">
      <p className="flex items-center gap-1.5 font-semibold">
        <Scale className="size-4 text-primary" aria-hidden />
        {t('trader.title')}
      </p>
      <p className="break-words">{trader.legalName}</p>
      <p className="break-words text-muted-foreground">
        {trader.street}, {trader.postcode} {trader.city}
        {trader.country !== 'DE' ? `, ${trader.country}` : ''}
      </p>
      <p className="break-words text-muted-foreground">
        {t(`trader.kinds.${trader.registerKind}`)}
        {trader.registerNumber ? `: ${trader.registerNumber}` : ''}
      </p>
      {trader.vatId && <p className="text-muted-foreground">{t('trader.vatId', { vatId: trader.vatId })}</p>}
      <p className="text-xs text-muted-foreground">{t('trader.selfCertified', { date: formatDate(trader.selfCertifiedAt, lang) })}</p>
    </div>
  );
}
