// How amounts, numbers and dates are written for people, through Intl in the person's language, for the
// client and the server alike (no imports; decision 049): '149,50 €' / '€149.50', '1.000 Goints' /
// '1,000 Goints', budgets '1.000 € – 2.000 €' / '€1,000 – €2,000'.

/** de-DE for German (the default), en-GB for English. */
export const intlLocale = (lang: string | undefined | null): 'de-DE' | 'en-GB' => (lang?.toLowerCase().startsWith('en') ? 'en-GB' : 'de-DE');

/** 14950 cents → '149,50 €' / '€149.50'. */
export function formatEuro(cents: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/** Whole euros without decimals: 1200 → '1.200 €' / '€1,200'. */
export function formatEuroWhole(euros: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(euros);
}

/** A budget in whole euros: '1.000 € – 2.000 €' / '€1,000 – €2,000', one amount alone, or null when open. */
export function formatBudget(min: number | null, max: number | null, lang: string): string | null {
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min !== max) return `${formatEuroWhole(min, lang)} – ${formatEuroWhole(max, lang)}`;
  return formatEuroWhole((max ?? min) as number, lang);
}

/** 1000 → '1.000' / '1,000' (up to three decimals, as Goints of commissions have). */
export function formatNumber(n: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: 3 }).format(n);
}

/** 1000 → '1.000 Goints' / '1,000 Goints' (Goints is the product's word in both languages). */
export function formatGoints(n: number, lang: string): string {
  return `${formatNumber(n, lang)} Goints`;
}

/** Euro cents as the amount field shows them: 1250 → '12,50' / '12.50', no grouping, no sign. */
export function formatEuroInput(cents: number, lang: string): string {
  return new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(cents / 100);
}

/** A calendar date ('2026-12-24' or an ISO time) as '24.12.2026' / '24 Dec 2026' (Berlin time). */
export function formatDate(iso: string, lang: string): string {
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  const de = intlLocale(lang) === 'de-DE';
  return new Intl.DateTimeFormat(
    intlLocale(lang),
    de
      ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Berlin' },
  ).format(d);
}

/**
 * Minutes as '35 Min.' / '35 min', '2 Std.' / '2 hrs', '3 Tage' / '3 days' (response times). Written out here
 * rather than with Intl's unit style, whose short English forms differ between ICU versions ('min' / 'mins'):
 * the server's render and the browser's must agree.
 */
export function formatMinutes(minutes: number, lang: string): string {
  const de = intlLocale(lang) === 'de-DE';
  const n = (v: number) => new Intl.NumberFormat(intlLocale(lang)).format(v);
  if (minutes < 60) {
    const m = Math.max(1, Math.round(minutes));
    return de ? `${n(m)} Min.` : `${n(m)} min`;
  }
  const hours = Math.round(minutes / 60);
  if (minutes / 60 < 48) return de ? `${n(hours)} Std.` : `${n(hours)} ${hours === 1 ? 'hr' : 'hrs'}`;
  const days = Math.round(minutes / 60 / 24);
  return de ? `${n(days)} ${days === 1 ? 'Tag' : 'Tage'}` : `${n(days)} ${days === 1 ? 'day' : 'days'}`;
}

// Interpolated values that are numbers but not quantities: never grouped ('2026', not '2.026').
const NOT_A_QUANTITY = /year|jahr|postcode|plz|code|id$|ref|version|number|phone/i;

/**
 * i18next formatter (with interpolation.alwaysFormat): every number interpolated into a text is written in the
 * text's language ('{{goints}} Goints' → '1.000 Goints'), except years, postcodes, codes and references;
 * '{{price, euro}}' writes euro cents as an amount ('149,50 €' / '€149.50').
 */
export function formatInterpolated(value: unknown, lng: string | undefined, key: string | undefined, format?: string): unknown {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  // '{{price, euro}}': the value is euro cents.
  if (format === 'euro') return formatEuro(value, lng ?? 'de');
  if (key && NOT_A_QUANTITY.test(key)) return String(value);
  return formatNumber(value, lng ?? 'de');
}
