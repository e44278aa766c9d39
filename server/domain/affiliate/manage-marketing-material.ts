// Admins create, change and delete marketing texts. Every change is logged with the admin (there is no
// separate audit table; the row keeps who changed it last). Texts may not promise income (checked here).
import { z } from 'zod';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import { AppError } from '../../errors.ts';
import { materialView, type MarketingMaterialView } from './list-marketing-materials.ts';

export const materialInputSchema = z.object({
  kind: z.enum(['email', 'social']),
  lang: z.enum(['de', 'en']),
  title: z.string().trim().min(1).max(120),
  subject: z.string().trim().max(200).nullable().optional(),
  body: z.string().trim().min(1).max(5000),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  active: z.boolean().default(true),
});
export const materialPatchSchema = materialInputSchema.partial();

// Words that promise money (a partner's texts must not: decision 025). Deliberately simple and strict.
const PROMISE = /(verdien|garantiert|passives? einkommen|reich werden|nebeneinkommen|earn \$|earn money|guaranteed|passive income|get rich|\d+\s*(€|eur|euro)\s*(pro|im|per|a)\s*(monat|month|woche|week|tag|day))/i;

function refusePromises(...texts: (string | null | undefined)[]) {
  if (texts.some((t) => t && PROMISE.test(t))) throw new AppError('MATERIAL_INCOME_PROMISE');
}

export async function createMarketingMaterial(prisma: Db, adminId: string, input: z.output<typeof materialInputSchema>, logger: Logger): Promise<MarketingMaterialView> {
  refusePromises(input.title, input.subject, input.body);
  const row = await prisma.marketingMaterial.create({ data: { ...input, subject: input.subject ?? null, updatedById: adminId } });
  logger.info({ adminId, materialId: row.id }, 'marketing material created');
  return materialView(row);
}

export async function updateMarketingMaterial(prisma: Db, adminId: string, id: string, patch: z.output<typeof materialPatchSchema>, logger: Logger): Promise<MarketingMaterialView> {
  refusePromises(patch.title, patch.subject, patch.body);
  const { count } = await prisma.marketingMaterial.updateMany({ where: { id }, data: { ...patch, updatedById: adminId } });
  if (count !== 1) throw new AppError('NOT_FOUND');
  logger.info({ adminId, materialId: id, fields: Object.keys(patch) }, 'marketing material changed');
  return materialView((await prisma.marketingMaterial.findUnique({ where: { id } }))!);
}

export async function deleteMarketingMaterial(prisma: Db, adminId: string, id: string, logger: Logger): Promise<{ ok: true }> {
  const { count } = await prisma.marketingMaterial.deleteMany({ where: { id } });
  if (count !== 1) throw new AppError('NOT_FOUND');
  logger.info({ adminId, materialId: id }, 'marketing material deleted');
  return { ok: true };
}
