// The categories' names in German and English: the words every view shows for a category id.
import { CATEGORY_IDS, type CategoryId } from './category-ids.ts';
import type { Lang } from '../text.ts';

export const CATEGORY_LABELS: Record<CategoryId, { de: string; en: string }> = {
  auto: { de: 'Auto', en: 'Cars' },
  urlaub_reisen: { de: 'Urlaub/Reisen', en: 'Holidays/Travel' },
  versicherung: { de: 'Versicherung', en: 'Insurance' },
  essen: { de: 'Essen', en: 'Food' },
  gastronomie: { de: 'Gastronomie', en: 'Catering & Hospitality' },
  dienstleistungen: { de: 'Dienstleistungen', en: 'Services' },
  immobilien: { de: 'Immobilien', en: 'Real estate' },
  elektronik: { de: 'Elektronik', en: 'Electronics' },
  beauty: { de: 'Beauty', en: 'Beauty' },
  handwerk: { de: 'Handwerk', en: 'Trades & Repairs' },
  news: { de: 'News', en: 'News' },
};

export function categoryLabel(id: CategoryId, lang: Lang): string {
  return CATEGORY_LABELS[id][lang];
}

export function isCategoryId(value: string): value is CategoryId {
  return (CATEGORY_IDS as readonly string[]).includes(value);
}
