// Onboarding and profile edits, as both doors run them: the profile is stored (upsertProviderProfile) and
// the provider is matched to the open requests of the new area and categories.
import type { AppDeps } from '../../deps.ts';
import { matchProviderToOpenRequests } from '../matching/match-provider.ts';
import type { ProviderProfileInput } from '../../../core/providers/providers.schemas.ts';
import { upsertProviderProfile, type UpsertProfileResult } from './upsert-provider-profile.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';

export async function saveProviderProfile(deps: AppDeps, userId: string, input: ProviderProfileInput): Promise<UpsertProfileResult & { matched: number }> {
  const result = await upsertProviderProfile(deps.db.prisma, userId, input);
  const matched = await matchProviderToOpenRequests(deps, userId);
  await tellOwnChange(deps, userId, 'profile.updated', {});
  return { ...result, matched };
}
