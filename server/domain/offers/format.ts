import type { Lang } from '../../i18n.ts';

/** '450,00 €' / '€450.00' for e-mails and chat replies. */
export function formatEuro(cents: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}
