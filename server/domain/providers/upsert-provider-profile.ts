// Provider onboarding and profile edits. The first profile brings the promised 50 Goints welcome bonus,
// booked once from the platform's promotion account; the area (postcode and radius) and categories are
// copied into ProviderCategory for indexed matching.
import { AppError } from '../../../core/errors.ts';
import type { Db } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import { coordinatesOf, placeOfPostcode } from '../../integrations/geo/postcodes.ts';
import { account } from '../ledger/accounts.ts';
import { goints, WELCOME_BONUS_GOINTS } from '../../../core/money/money.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { getSettings } from '../settings/settings.ts';
import type { ProviderProfileInput, ProviderProfileOutput } from '../../../core/providers/providers.schemas.ts';
import { toProfileOutput } from './get-own-provider-profile.ts';

export interface UpsertProfileResult {
  profile: ProviderProfileOutput;
  created: boolean;
  /** Goints granted now as welcome bonus (0 when the profile existed). */
  bonusGranted: number;
}

export async function upsertProviderProfile(prisma: Db, userId: string, input: ProviderProfileInput): Promise<UpsertProfileResult> {
  const coords = coordinatesOf(input.postcode, null);
  const place = placeOfPostcode(input.postcode);
  if (!coords || !place) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'body.postcode', code: 'unknown_postcode', message: 'unknown postcode' }] });
  }
  const settings = await getSettings(prisma);
  if (input.radiusKm > settings['marketplace.maxRadiusKm']) {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'body.radiusKm', code: 'too_big', message: `at most ${settings['marketplace.maxRadiusKm']} km` }],
    });
  }
  const categories = [...new Set(input.categories)].sort();
  return inTransaction(prisma, async (tx) => {
    const existing = await tx.providerProfile.findUnique({ where: { userId }, select: { userId: true } });
    const data = {
      firmenname: input.firmenname,
      description: input.description,
      phone: input.phone,
      email: input.email.toLowerCase(),
      postcode: input.postcode,
      place,
      lat: coords.lat,
      lon: coords.lon,
      radiusKm: input.radiusKm,
      ...(input.acceptsMatches !== undefined ? { acceptsMatches: input.acceptsMatches } : {}),
      ...(input.minBudget !== undefined ? { minBudget: input.minBudget } : {}),
    };
    const row = await tx.providerProfile.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    await tx.providerCategory.deleteMany({ where: { providerId: userId } });
    await tx.providerCategory.createMany({
      data: categories.map((category) => ({
        providerId: userId,
        category,
        lat: coords.lat,
        lon: coords.lon,
        radiusKm: input.radiusKm,
        active: row.acceptsMatches,
      })),
    });
    let bonusGranted = 0;
    if (!existing) {
      const posted = await postTransaction(tx, {
        idempotencyKey: `welcome_bonus:${userId}`,
        kind: 'welcome_bonus',
        reference: userId,
        lines: [
          { account: account.promotion(), amount: -goints(WELCOME_BONUS_GOINTS) },
          // Promotional: spendable on unlocks, never anyone's cash (decision 019).
          { account: account.walletPromo(userId), amount: goints(WELCOME_BONUS_GOINTS) },
        ],
      });
      if (!posted.repeated) bonusGranted = WELCOME_BONUS_GOINTS;
    }
    return { profile: toProfileOutput({ ...row, categories }), created: !existing, bonusGranted };
  });
}
