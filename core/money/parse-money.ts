// The one parser of amounts as people type them, in German and English, for the client and the server alike
// (no imports, no server code; decision 049). Money comes out as integer euro cents, never as a float.
//
// Separators: when both '.' and ',' occur, the last one is the decimal mark and the other groups thousands
// ('1.000,50', '1,000.50'). When only one kind occurs, a separator followed by exactly three digits groups
// thousands ('1.000', '1,000', '12,505' → 12.505 €) and one followed by one or two digits is the decimal mark
// ('12,50', '12.5'). A space or an apostrophe may group thousands too ('1 000', "1'000"). Euro amounts have
// at most two decimals; '€', 'EUR', 'Euro' may stand before or after, and ',-' / '.-' after ('500,-').

const GROUP_SPACE = /(\d)[\s\u00a0\u202f'](?=\d{3}(?!\d))/g;

/** The number as 'digits' or 'digits.digits' (a dot as decimal mark), or null when it is not a number. */
function normalize(raw: string): string | null {
  const s = raw.trim().replace(GROUP_SPACE, '$1');
  if (!/^\d[\d.,]*$/.test(s) || /[.,]$/.test(s)) return null;
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  const groupedOk = (head: string, groups: string[]) => /^[1-9]\d{0,2}$/.test(head) && groups.every((g) => /^\d{3}$/.test(g));
  if (dots === 0 && commas === 0) return s;
  if (dots > 0 && commas > 0) {
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [intPart, frac, ...rest] = s.split(decimal);
    if (rest.length || !intPart || !frac || frac.includes(thousands)) return null;
    const [head, ...groups] = intPart.split(thousands);
    if (!groupedOk(head!, groups)) return null;
    return `${[head, ...groups].join('')}.${frac}`;
  }
  const sep = dots > 0 ? '.' : ',';
  const [head, ...parts] = s.split(sep);
  if (parts.length > 1) return groupedOk(head!, parts) ? [head, ...parts].join('') : null;
  const tail = parts[0]!;
  if (tail.length === 3) return groupedOk(head!, parts) ? `${head}${tail}` : null;
  return `${head}.${tail}`;
}

/** '1.000,50' → 1000.5, '1,000.50' → 1000.5, '1.000' → 1000, '2,5' → 2.5, '1.5' → 1.5; null if it is not a number. */
export function parseAmount(raw: string): number | null {
  const n = normalize(raw);
  if (n === null) return null;
  const v = Number(n);
  return Number.isFinite(v) ? v : null;
}

const CURRENCY = /^(?:€|eur(?:o|os)?)\s*|\s*(?:€|eur(?:o|os)?)$/gi;

/** '12,50 €', '€12.50', '1.000', '12 EUR', '500,-' → integer euro cents (1250, 1250, 100000, 1200, 50000); null when it is not an amount. */
export function parseEuroCents(text: string): number | null {
  let s = text.trim();
  s = s.replace(/[.,]-$/, '');
  s = s.replace(CURRENCY, '').replace(CURRENCY, '').trim();
  s = s.replace(/[.,]-$/, '');
  const n = normalize(s);
  if (n === null) return null;
  const [int, frac = ''] = n.split('.');
  if (frac.length > 2 || int!.length > 12) return null;
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}

export interface EuroRange {
  minCents: number;
  maxCents: number;
}

/** '1000-2000', '1.000 € – 2.000 €', '1000 bis 2000', '1,000 to 2,000 EUR' → cents; one amount → min = max; null otherwise. */
export function parseEuroRange(text: string): EuroRange | null {
  const parts = text.trim().split(/\s*(?:-|–|—|\bbis\b|\bto\b)\s*/i);
  if (parts.length === 1) {
    const c = parseEuroCents(parts[0]!);
    return c === null ? null : { minCents: c, maxCents: c };
  }
  if (parts.length !== 2) return null;
  const [min, max] = parts.map(parseEuroCents);
  if (min == null || max == null || min > max) return null;
  return { minCents: min, maxCents: max };
}
