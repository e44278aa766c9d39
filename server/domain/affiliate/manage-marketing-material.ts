// Admins create, change and delete marketing texts. Each change and its audit entry (before and after) are
// written in one transaction. Texts may not promise income (checked here).
import type { z } from 'zod';
import type { materialInputSchema, materialPatchSchema } from '../../../core/affiliate/content-inputs.ts';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import { AppError } from '../../../core/errors.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';
import { materialView, type MarketingMaterialView } from './list-marketing-materials.ts';

export { materialInputSchema, materialPatchSchema } from '../../../core/affiliate/content-inputs.ts';

export interface ContentChangeOptions {
  logger?: Logger;
  via?: AuditVia;
}

// Words that promise money (a partner's texts must not: decision 025). Deliberately simple and strict.
const PROMISE =
  /(verdien|garantiert|passives? einkommen|reich werden|nebeneinkommen|earn \$|earn money|guaranteed|passive income|get rich|\d+\s*(€|eur|euro)\s*(pro|im|per|a)\s*(monat|month|woche|week|tag|day))/i;

/** Throws MATERIAL_INCOME_PROMISE when a text promises money; the chat checks it before its card. */
export function refusePromises(...texts: (string | null | undefined)[]) {
  if (texts.some((t) => t && PROMISE.test(t))) throw new AppError('MATERIAL_INCOME_PROMISE');
}

export async function createMarketingMaterial(
  prisma: Db,
  adminId: string,
  input: z.output<typeof materialInputSchema>,
  opts: ContentChangeOptions = {},
): Promise<MarketingMaterialView> {
  refusePromises(input.title, input.description, input.subject, input.body);
  const view = await inTransaction(prisma, async (tx) => {
    const row = materialView(await tx.marketingMaterial.create({ data: { ...input, subject: input.subject ?? null, updatedById: adminId } }));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'marketingMaterial.create',
      entityType: 'MarketingMaterial',
      entityId: row.id,
      after: row,
      via: opts.via ?? 'dashboard',
    });
    return row;
  });
  opts.logger?.info({ adminId, materialId: view.id }, 'marketing material created');
  return view;
}

export async function updateMarketingMaterial(
  prisma: Db,
  adminId: string,
  id: string,
  patch: z.output<typeof materialPatchSchema>,
  opts: ContentChangeOptions = {},
): Promise<MarketingMaterialView> {
  refusePromises(patch.title, patch.description, patch.subject, patch.body);
  const view = await inTransaction(prisma, async (tx) => {
    const found = await tx.marketingMaterial.findUnique({ where: { id } });
    if (!found) throw new AppError('NOT_FOUND');
    const after = materialView(await tx.marketingMaterial.update({ where: { id }, data: { ...patch, updatedById: adminId } }));
    const before = materialView(found);
    const action =
      Object.keys(patch).length === 1 && patch.active !== undefined
        ? patch.active
          ? 'marketingMaterial.activate'
          : 'marketingMaterial.deactivate'
        : 'marketingMaterial.update';
    await recordAudit(tx, { actorId: adminId, action, entityType: 'MarketingMaterial', entityId: id, before, after, via: opts.via ?? 'dashboard' });
    return after;
  });
  opts.logger?.info({ adminId, materialId: id, fields: Object.keys(patch) }, 'marketing material changed');
  return view;
}

export async function deleteMarketingMaterial(prisma: Db, adminId: string, id: string, opts: ContentChangeOptions = {}): Promise<{ ok: true }> {
  await inTransaction(prisma, async (tx) => {
    const found = await tx.marketingMaterial.findUnique({ where: { id } });
    if (!found) throw new AppError('NOT_FOUND');
    await tx.marketingMaterial.delete({ where: { id } });
    await recordAudit(tx, {
      actorId: adminId,
      action: 'marketingMaterial.delete',
      entityType: 'MarketingMaterial',
      entityId: id,
      before: materialView(found),
      via: opts.via ?? 'dashboard',
    });
  });
  opts.logger?.info({ adminId, materialId: id }, 'marketing material deleted');
  return { ok: true };
}
