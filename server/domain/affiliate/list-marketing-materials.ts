// Marketing texts for partners in one language (active ones), and the full list for admins.
import type { Db } from '../../db.ts';

export interface MarketingMaterialView {
  id: string;
  kind: 'email' | 'social';
  lang: 'de' | 'en';
  title: string;
  subject: string | null;
  body: string;
  sortOrder: number;
  active: boolean;
}

type Row = { id: string; kind: string; lang: string; title: string; subject: string | null; body: string; sortOrder: number; active: boolean };
export const materialView = (m: Row): MarketingMaterialView => ({ id: m.id, kind: m.kind === 'social' ? 'social' : 'email', lang: m.lang === 'en' ? 'en' : 'de', title: m.title, subject: m.subject, body: m.body, sortOrder: m.sortOrder, active: m.active });

export async function listMarketingMaterials(prisma: Db, filter: { lang?: 'de' | 'en'; activeOnly: boolean }): Promise<MarketingMaterialView[]> {
  const rows = await prisma.marketingMaterial.findMany({
    where: { ...(filter.lang ? { lang: filter.lang } : {}), ...(filter.activeOnly ? { active: true } : {}) },
    orderBy: [{ lang: 'asc' }, { kind: 'asc' }, { sortOrder: 'asc' }, { createdAt: 'asc' }],
  });
  return rows.map(materialView);
}
