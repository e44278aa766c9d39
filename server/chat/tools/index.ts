// The chat's tools, listed explicitly: the registry every turn and confirmation uses is built from this
// list (a new tool is added here). The order is the order in which the offline model considers tools that
// take a message exactly (forms, button labels).
import { createToolRegistry, type AnyChatToolDef } from './registry.ts';
import { welcomeTools } from './welcome.ts';
import { adminTools } from './admin.ts';
import { adminRequestTools } from './admin-requests.ts';
import { adminPriceTools } from './admin-prices.ts';
import { adminUserTools } from './admin-users.ts';
import { adminReportTools } from './admin-reports.ts';
import { adminCommissionTools } from './admin-commissions.ts';
import { adminPayoutTools } from './admin-payouts.ts';
import { adminSettingTools } from './admin-settings.ts';
import { adminDocumentTools } from './admin-documents.ts';
import { adminMarketingTools } from './admin-marketing.ts';
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
import { traderDetailsTools } from './trader-details.ts';
import { providerShopTools } from './provider-shop.ts';
import { providerDocumentTools } from './provider-documents.ts';
import { favoriteTools } from './seeker-favorites.ts';
import { conversationTools } from './conversation.ts';
import { newsTools } from './news.ts';
import { partnerAccountTools } from './partner-account.ts';

export const BUILT_IN_TOOLS: readonly AnyChatToolDef[] = [
  ...welcomeTools,
  ...intakeTools,
  ...marketTools,
  ...affiliateTools,
  ...partnerAccountTools,
  ...seekerRequestTools,
  ...dealTools,
  // Before the person's own payouts: an admin's 'payouts' are the ones waiting for approval.
  ...adminPayoutTools,
  ...payoutMethodTools,
  ...providerOfferTools,
  ...providerProfileTools,
  ...providerOnboardingTools,
  ...traderDetailsTools,
  ...providerShopTools,
  ...providerDocumentTools,
  ...favoriteTools,
  ...adminTools,
  ...adminFollowUpTools,
  ...adminRequestTools,
  ...adminAffiliateTools,
  ...adminPriceTools,
  ...adminUserTools,
  ...adminReportTools,
  ...adminCommissionTools,
  ...adminSettingTools,
  ...adminDocumentTools,
  ...adminMarketingTools,
  ...privacyTools,
  ...newsTools,
  ...conversationTools,
];

/** The registry of the built-in tools (tests add their own with chatTools.add). */
export const chatTools = createToolRegistry(BUILT_IN_TOOLS);

export {
  defineChatTool,
  buildTurnTools,
  sendMachineEvent,
  requestConfirmation,
  mayUse,
  offeredIn,
  type ChatToolDef,
  type ChatToolContext,
  type AnyChatToolDef,
  type ToolRegistry,
} from './registry.ts';
export type { ToolOutcome, ConfirmationInfo, ConfirmationStatus } from '../../../core/chat/outcome.ts';
