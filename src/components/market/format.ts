// Money, budgets and dates as the marketplace shows them (de-DE formats in German, en-GB in English).
export type UiLang = 'de' | 'en';
export const toUiLang = (lang: string | undefined): UiLang => (lang?.startsWith('en') ? 'en' : 'de');
const locale = (lang: string) => (toUiLang(lang) === 'de' ? 'de-DE' : 'en-GB');

/** 48000 → '480,00 €' / '€480.00'. */
export function formatEuro(cents: number, lang: string): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** Whole euros without decimals: 1200 → '1.200 €'. */
export function formatEuroWhole(euros: number, lang: string): string {
  return new Intl.NumberFormat(locale(lang), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(euros);
}

/** '500€ - 1.000€' (the budget range of a request), '500€', or null when open. */
export function formatBudget(min: number | null, max: number | null, lang: string): string | null {
  if (min === null && max === null) return null;
  const fmt = (n: number) => `${new Intl.NumberFormat(locale(lang)).format(n)}€`;
  if (min !== null && max !== null && min !== max) return `${fmt(min)} - ${fmt(max)}`;
  return fmt((max ?? min)!);
}

/** A rating or similar with at most one decimal: 4.5 → '4,5' / '4.5'. */
export function formatDecimal(n: number, lang: string, minimumFractionDigits = 0): string {
  return new Intl.NumberFormat(locale(lang), { minimumFractionDigits, maximumFractionDigits: 1 }).format(n);
}

export function formatNumber(n: number, lang: string): string {
  return new Intl.NumberFormat(locale(lang)).format(n);
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

export function formatDateTime(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(iso));
}

/** Minutes as '35 Min.' / '2 Std.' / '3 Tage' (response times). */
export function formatMinutes(minutes: number, lang: string): string {
  const de = toUiLang(lang) === 'de';
  if (minutes < 60) return de ? `${Math.max(1, Math.round(minutes))} Min.` : `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 48) return de ? `${Math.round(hours)} Std.` : `${Math.round(hours)} h`;
  const days = Math.round(hours / 24);
  return de ? `${days} Tage` : `${days} days`;
}
