// Onboarding and profile edits, as both doors run them: the profile is stored (upsertProviderProfile), the
// trader details with it when given (the dashboard's onboarding asks for them, decision 059), and the
// provider is matched to the open requests of the new area and categories.
import type { AppDeps } from '../../deps.ts';
import { matchProviderToOpenRequests } from '../matching/match-provider.ts';
import type { ProviderProfileInput } from '../../../core/providers/providers.schemas.ts';
import { upsertProviderProfile, type UpsertProfileResult } from './upsert-provider-profile.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { normalizeVatId, upsertTraderDetails, type CheckedTraderDetails, type TraderDetailsView } from './trader-details.ts';

export async function saveProviderProfile(
  deps: AppDeps,
  userId: string,
  input: ProviderProfileInput,
  trader?: CheckedTraderDetails,
): Promise<UpsertProfileResult & { matched: number; trader?: TraderDetailsView }> {
  // A VAT ID that does not check out refuses the whole form before anything is stored.
  if (trader) normalizeVatId(trader.vatId);
  const result = await upsertProviderProfile(deps.db.prisma, userId, input);
  const savedTrader = trader ? await upsertTraderDetails(deps.db.prisma, userId, trader) : undefined;
  const matched = await matchProviderToOpenRequests(deps, userId);
  await tellOwnChange(deps, userId, 'profile.updated', {});
  return { ...result, matched, ...(savedTrader ? { trader: savedTrader } : {}) };
}
