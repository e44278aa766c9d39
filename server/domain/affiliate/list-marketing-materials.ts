// Marketing texts for partners in one language (active ones), and the full list for admins.
import type { Db } from '../../db.ts';
import { MATERIAL_CATEGORIES, type MaterialCategory, type MarketingMaterialView } from '../../../core/api/affiliate.ts';
export { MATERIAL_CATEGORIES } from '../../../core/api/affiliate.ts';
export type { MaterialCategory, MarketingMaterialView } from '../../../core/api/affiliate.ts';

type Row = {
  id: string;
  kind: string;
  category: string;
  lang: string;
  title: string;
  description: string;
  subject: string | null;
  body: string;
  sortOrder: number;
  active: boolean;
};
const categoryOf = (c: string): MaterialCategory => ((MATERIAL_CATEGORIES as readonly string[]).includes(c) ? (c as MaterialCategory) : 'other');
export const materialView = (m: Row): MarketingMaterialView => ({
  id: m.id,
  kind: m.kind === 'social' ? 'social' : 'email',
  category: categoryOf(m.category),
  lang: m.lang === 'en' ? 'en' : 'de',
  title: m.title,
  description: m.description,
  subject: m.subject,
  body: m.body,
  sortOrder: m.sortOrder,
  active: m.active,
});

export async function listMarketingMaterials(prisma: Db, filter: { lang?: 'de' | 'en'; activeOnly: boolean }): Promise<MarketingMaterialView[]> {
  const rows = await prisma.marketingMaterial.findMany({
    where: { ...(filter.lang ? { lang: filter.lang } : {}), ...(filter.activeOnly ? { active: true } : {}) },
    orderBy: [{ lang: 'asc' }, { kind: 'asc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
  });
  return rows.map(materialView);
}
