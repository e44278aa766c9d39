// Registers the built-in chat tools once. A later flow adds its file here.
import { registerChatTool } from './registry.ts';
import { welcomeTools } from './welcome.ts';
import { adminTools } from './admin.ts';
import { adminRequestTools } from './admin-requests.ts';
import { adminPriceTools } from './admin-prices.ts';
import { adminUserTools } from './admin-users.ts';
import { intakeTools } from './intake.ts';
import { marketTools } from './market.ts';
import { affiliateTools } from './affiliate.ts';
import { adminFollowUpTools } from './admin-followup.ts';
import { adminAffiliateTools } from './admin-affiliate.ts';
import { privacyTools } from './privacy.ts';
import { seekerRequestTools } from './seeker-requests.ts';
import { dealTools } from './seeker-deals.ts';
import { payoutMethodTools } from './seeker-payouts.ts';
import { providerOfferTools } from './provider-offers.ts';
import { providerProfileTools } from './provider-profile.ts';
import { providerOnboardingTools } from './provider-onboarding.ts';
import { providerShopTools } from './provider-shop.ts';
import { providerDocumentTools } from './provider-documents.ts';
import { favoriteTools } from './seeker-favorites.ts';

let registered = false;

export function registerBuiltInTools() {
  if (registered) return;
  registered = true;
  for (const def of [
    ...welcomeTools,
    ...intakeTools,
    ...marketTools,
    ...affiliateTools,
    ...seekerRequestTools,
    ...dealTools,
    ...payoutMethodTools,
    ...providerOfferTools,
    ...providerProfileTools,
    ...providerOnboardingTools,
    ...providerShopTools,
    ...providerDocumentTools,
    ...favoriteTools,
    ...adminTools,
    ...adminFollowUpTools,
    ...adminRequestTools,
    ...adminAffiliateTools,
    ...adminPriceTools,
    ...adminUserTools,
    ...privacyTools,
  ])
    registerChatTool(def);
}

registerBuiltInTools();

export {
  registerChatTool,
  defineChatTool,
  getChatTool,
  toolsFor,
  toolsForRole,
  buildTurnTools,
  sendMachineEvent,
  type ChatToolDef,
  type ChatToolContext,
} from './registry.ts';
export type { ToolOutcome, ConfirmationInfo, ConfirmationStatus } from '../../../core/chat/outcome.ts';
