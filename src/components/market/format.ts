// Money, budgets and dates as the marketplace shows them (de-DE formats in German, en-GB in English).
export type UiLang = 'de' | 'en';
export const toUiLang = (lang: string | undefined): UiLang => (lang?.startsWith('en') ? 'en' : 'de');
const locale = (lang: string) => (toUiLang(lang) === 'de' ? 'de-DE' : 'en-GB');

// One formatter for client and server (decision 049).
export { formatEuro, formatEuroWhole, formatBudget, formatNumber } from '../../../core/money/format-money.ts';

/** A rating or similar with at most one decimal: 4.5 → '4,5' / '4.5'. */
export function formatDecimal(n: number, lang: string, minimumFractionDigits = 0): string {
  return new Intl.NumberFormat(locale(lang), { minimumFractionDigits, maximumFractionDigits: 1 }).format(n);
}

/** A date (ISO string) as 24.12.2026 / 24 Dec 2026. */
export function formatDate(iso: string, lang: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return new Intl.DateTimeFormat(
    locale(lang),
    toUiLang(lang) === 'de'
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Berlin' },
  ).format(d);
}

/** A time (ISO string) as '28.11.2026, 11:25' / '28 Nov 2026, 11:25', always German time (decision 071). */
export { formatDateTimeBerlin as formatDateTime } from '../../../core/audit/describe-audit.ts';

/** Minutes as '35 Min.' / '2 Std.' / '3 Tage' (response times), through Intl. */
export { formatMinutes } from '../../../core/money/format-money.ts';
