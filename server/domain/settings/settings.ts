// Platform settings that admins change (stored in Setting, validated here). A stored value that no longer
// passes its schema is ignored in favour of the default, so a bad row never stops the marketplace.
import type { Db, DbTx } from '../../db.ts';
import { SETTING_LIMITS } from '../../../core/settings/limits.ts';
import { SETTINGS, type SettingKey, type Settings } from '../../../core/settings/settings-schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { recordAudit, type AuditVia } from '../admin/audit.ts';

export { SETTING_LIMITS };
export { SETTINGS, settingsPatchSchema, settingsSchema, type SettingKey, type Settings } from '../../../core/settings/settings-schema.ts';

export const DEFAULT_SETTINGS: Settings = {
  'marketplace.maxUnlocks': 5,
  'marketplace.requestExpiryDays': 30,
  'marketplace.maxRadiusKm': 200,
  'marketplace.minQualityScore': 40,
  'affiliate.refundWindowDays': 14,
  'marketplace.contactRetentionDays': 90,
};

export async function getSettings(db: Db | DbTx): Promise<Settings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.keys(SETTINGS) } } });
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    const key = row.key as SettingKey;
    const parsed = SETTINGS[key]?.safeParse(row.value);
    if (parsed?.success) (out as Record<string, unknown>)[key] = parsed.data;
  }
  return out;
}

/** Stores the given settings (already validated by settingsPatchSchema) and answers all of them; audited with the values that changed. */
export async function updateSettings(db: Db, patch: Partial<Settings>, adminId: string, via: AuditVia = 'dashboard'): Promise<Settings> {
  const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
  return inTransaction(db, async (tx) => {
    const current = await getSettings(tx);
    for (const [key, value] of entries) {
      await tx.setting.upsert({
        where: { key },
        create: { key, value: value as never, updatedById: adminId },
        update: { value: value as never, updatedById: adminId },
      });
    }
    const changed = entries.filter(([key, value]) => current[key as SettingKey] !== value).map(([key]) => key as SettingKey);
    if (changed.length) {
      await recordAudit(tx, {
        actorId: adminId,
        action: 'settings.update',
        entityType: 'settings',
        before: Object.fromEntries(changed.map((k) => [k, current[k]])),
        after: Object.fromEntries(changed.map((k) => [k, patch[k]])),
        via,
      });
    }
    return getSettings(tx);
  });
}
