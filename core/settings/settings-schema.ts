// The platform settings as values: each a whole number within its limits (limits.ts). The domain reads and
// stores them with these schemas, and the admin's settings endpoint answers and takes them (decision 084).
import { z } from 'zod';
import { SETTING_LIMITS } from './limits.ts';

const whole = (key: keyof typeof SETTING_LIMITS) => z.number().int().min(SETTING_LIMITS[key].min).max(SETTING_LIMITS[key].max);

export const SETTINGS = {
  'marketplace.maxUnlocks': whole('marketplace.maxUnlocks'),
  'marketplace.requestExpiryDays': whole('marketplace.requestExpiryDays'),
  'marketplace.maxRadiusKm': whole('marketplace.maxRadiusKm'),
  'marketplace.minQualityScore': whole('marketplace.minQualityScore'),
  'affiliate.refundWindowDays': whole('affiliate.refundWindowDays'),
  'marketplace.contactRetentionDays': whole('marketplace.contactRetentionDays'),
} as const;

/** Every setting, as GET and PUT /api/admin/settings answer. */
export const settingsSchema = z.object(SETTINGS);
/** A change of some settings: only what it names. */
export const settingsPatchSchema = settingsSchema.partial().strict();

export type SettingKey = keyof typeof SETTINGS;
export type Settings = z.output<typeof settingsSchema>;
