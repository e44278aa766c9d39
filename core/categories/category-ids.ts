// The request categories' ids, once for server and client (issue 13): no imports, so the browser may load it
// without the lexicon of categories.ts.
export const CATEGORY_IDS = [
  'auto',
  'urlaub_reisen',
  'versicherung',
  'essen',
  'gastronomie',
  'dienstleistungen',
  'immobilien',
  'elektronik',
  'beauty',
  'handwerk',
  'news',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];
