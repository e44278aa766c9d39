// The `data` of each chat tool's output, as the tools build it and the client renders it (issue 13, decision
// 053). Types only: the tools check their data against these with `satisfies`, and the client imports them with
// `import type`, so a renamed field breaks the build instead of silently emptying a card.
import type { ErrorCode } from '../errors.ts';
import type { CategoryId } from '../categories/category-ids.ts';
import type { DocumentSummary, MatchCard } from '../api/provider.ts';
import type { SeekerOffer } from '../api/seeker.ts';
import type { UserDeal } from '../api/deals.ts';
import type { Wallet } from '../api/shop.ts';
import type { ShopPackage } from '../shop/packages.ts';
import type { ProviderProfileOutput } from '../providers/providers.schemas.ts';
import type { DeletionResult } from '../api/privacy.ts';
import type { ChangeView } from './outcome.ts';

export type { ToolOutcome, ConfirmationInfo, ConfirmationStatus, ChangeView } from './outcome.ts';

// ---------------------------------------------------------------------------------------------------
// Refusal codes: `reason` of an outcome that was not accepted, worded by chat:offline.reason.<code>.

/** Why a first name was not taken (server/ai/nlu/names.ts). */
export type NameRejection = 'empty' | 'too_long' | 'markup' | 'two_words' | 'digits' | 'invalid_chars' | 'surname' | 'greeting';

/** The chat's own reasons, beside the domain's AppError codes. */
export type ChatRefusalCode =
  | 'CONFIRMATION_REQUIRED'
  | 'TOOL_NOT_ALLOWED'
  | 'NOT_FROM_PERSON'
  | 'INVALID_INPUT'
  | 'NOT_POSSIBLE_NOW'
  | 'NO_MARKETING_MATERIAL'
  | 'BUDGET_INVALID'
  | 'DATE_IN_PAST'
  | 'REQUEST_NOT_IN_REVIEW'
  | 'UNKNOWN_POSTCODE'
  | 'UNKNOWN_PLACE'
  | 'NEED_NOT_UNDERSTOOD'
  | 'ANSWER_NOT_UNDERSTOOD'
  | 'INVALID_FORM'
  | 'OFFER_FORM_INVALID'
  | 'REVIEW_FORM_INVALID'
  // Admin tools: a reference, person or value the admin's words do not give (admin-*.ts).
  | 'CHOOSE_ONE'
  | 'ADMIN_PAYOUT_NOT_FOUND'
  | 'ADMIN_PAYOUT_NONE_FOR'
  | 'NO_PENDING_PAYOUTS'
  | 'PAYOUT_REJECT_REASON_REQUIRED'
  | 'ADMIN_USER_NOT_FOUND'
  | 'ADMIN_USER_NOT_NAMED'
  | 'ROLE_REQUIRED'
  | 'USER_ROLE_UNCHANGED'
  | 'SETTING_UNKNOWN'
  | 'SETTING_VALUE_REQUIRED'
  | 'SETTING_OUT_OF_RANGE'
  | 'SETTING_UNCHANGED'
  | 'SETTING_FIXED_MIN_PAYOUT'
  | 'SETTING_FIXED_GOINTS_RATE'
  | 'ADMIN_DOCUMENT_NOT_FOUND'
  | 'NO_DOCUMENTS_TO_REVIEW'
  | 'MARKETING_TEXT_NOT_FOUND'
  | 'MARKETING_PHRASE_NOT_FOUND'
  | 'MARKETING_BODY_REQUIRED'
  | 'MARKETING_TEXT_INVALID'
  | 'MARKETING_TEXT_UNCHANGED'
  | 'NO_REQUESTS_IN_REVIEW'
  | 'NO_REQUESTS_TO_CLOSE'
  | 'SUPPORT_REPLY_PARTNER_REQUIRED'
  | 'SUPPORT_REPLY_BODY_REQUIRED'
  | 'COMMISSION_TARGET_REQUIRED'
  | 'COMMISSION_VALUE_REQUIRED'
  | 'PRICE_CATEGORY_REQUIRED'
  | 'PRICE_VALUE_REQUIRED'
  // The machines' rejections (server/machines/registry.ts explainRejection).
  | 'NEED_TOO_VAGUE'
  | 'NOTHING_NEW'
  | 'DRAFT_CHANGED'
  | `NAME_${Uppercase<NameRejection>}`;

export type ToolRefusalCode = ErrorCode | ChatRefusalCode;

// ---------------------------------------------------------------------------------------------------
// Marketplace (market.ts).

/** A provider's match card: the feed's card with the references to type. */
export type ChatMatchCard = MatchCard & { ref: string; dealRef: string | null };

export type ListMatchesData = {
  matches: ChatMatchCard[];
  count: number;
  more: boolean;
  balance: number;
  filter: { category?: CategoryId; urgentOnly?: boolean };
};

export type ChatOffer = SeekerOffer & { ref: string; dealRef: string | null };
export type ChatDealToRate = UserDeal & { ref: string };

export type ListOffersData = { offers: ChatOffer[]; count: number; toRate: ChatDealToRate[]; scope: 'top' | 'all' };

export type ShowBalanceData = {
  priceFrom: number;
  role: string;
  context: string;
  goints: number;
  earningsGoints: number;
  earningsCents: number;
  earningsEuro: string;
  movements: Wallet['movements'];
};

export type BuyGointsData = { packages: ShopPackage[]; checkout: 'stripe' | 'test' | 'off'; goints: number };

// ---------------------------------------------------------------------------------------------------
// Deals (seeker-deals.ts), both sides.

export type DealRow = {
  ref: string;
  role: UserDeal['role'];
  status: string;
  valueCents: number;
  /** The category's label in the chat's language. */
  category: string;
  place: string | null;
  counterpart: string;
  providerConfirmed: boolean;
  seekerConfirmed: boolean;
  reviewed: boolean;
  /** This person still has to confirm it. */
  waitingForMe: boolean;
};

export type ListDealsData = {
  deals: DealRow[];
  count: number;
  list: string;
  waiting: number;
  /** How to confirm or cancel by typing, while a deal waits for this person (empty otherwise). */
  hint: string;
};

// ---------------------------------------------------------------------------------------------------
// The seeker's requests (seeker-requests.ts).

export type MyRequestRow = {
  ref: string;
  category: string;
  description: string;
  place: string;
  status: string;
  active: boolean;
  closable: boolean;
  offers: number;
  unlocked: number;
  dealStatus: string | null;
};

export type ListMyRequestsData = { requests: MyRequestRow[]; count: number; list: string; more: boolean };

// ---------------------------------------------------------------------------------------------------
// Payout methods and payouts (seeker-payouts.ts).

export type PayoutMethodRow = {
  ref: string;
  type: 'paypal' | 'bank' | 'stripe';
  /** 'IBAN •••• 3000' or 'PayPal name@example.com': never the full IBAN. */
  label: string;
  accountHolder: string | null;
  verified: boolean;
  /** Stripe Connect: onboarding | pending | enabled | restricted. */
  stripeStatus?: string | null;
};

export type ListPayoutMethodsData = { methods: PayoutMethodRow[]; count: number; list: string };
/** onboardingUrl: Stripe's single-use onboarding link, when Stripe Connect was set up. */
export type PayoutMethodChangedData = { method: PayoutMethodRow; label: string; onboardingUrl?: string };

export type PayoutRow = {
  ref: string;
  amountCents: number;
  /** The method's masked label. */
  method: string;
  source: string;
  status: string;
  requestedAt: string;
};

export type ListPayoutsData = { payouts: PayoutRow[]; count: number; list: string; latest: string | null };

// ---------------------------------------------------------------------------------------------------
// Favourites (seeker-favorites.ts).

/** id: the provider's, for the public page (/anbieter/:id). */
export type FavoriteRow = { ref: string; id: string; name: string; place: string };
export type ListFavoritesData = { favorites: FavoriteRow[]; count: number; list: string };

// ---------------------------------------------------------------------------------------------------
// The provider's profile, purchases and documents (provider-profile.ts, provider-shop.ts).

/** The profile as stored, and each field already worded in the chat's language. */
export type ProviderProfileData = {
  profile: ProviderProfileOutput;
  company: string;
  categories: string;
  area: string;
  radius: string;
  matches: string;
  minBudget: string;
  verification: string;
};

export type ProviderProfileSavedData = ProviderProfileData & { matched: number };
export type ProviderProfileChangeData = { change: ChangeView };

export type PurchaseRow = {
  ref: string;
  packageId: string;
  goints: number;
  grossCents: number;
  status: string;
  receiptNumber: string | null;
  /** The receipt page (/quittung/:id), once paid. */
  receiptUrl: string | null;
  createdAt: string;
};

export type ListPurchasesData = { purchases: PurchaseRow[]; count: number; list: string };

export type TradeDocumentRow = Pick<DocumentSummary, 'kind' | 'fileName' | 'status' | 'note' | 'createdAt'>;

export type ListTradeDocumentsData = {
  verification: ProviderProfileOutput['verification'] | 'none';
  verificationText: string;
  documents: TradeDocumentRow[];
  count: number;
  list: string;
};

/** uploadTradeDocument (provider-documents.ts): the upload card's limits and where the provider stands. */
export type UploadTradeDocumentData = {
  kinds: readonly DocumentSummary['kind'][];
  types: readonly ('application/pdf' | 'image/jpeg' | 'image/png')[];
  maxMb: number;
  verification: ProviderProfileOutput['verification'] | 'none';
  verificationText: string;
  count: number;
};

// ---------------------------------------------------------------------------------------------------
// Privacy (privacy.ts).

export type ExportMyDataData = { jsonUrl: string; htmlUrl: string; pageUrl: string };
export type DeleteMyAccountData = DeletionResult & { homeUrl: string };

// ---------------------------------------------------------------------------------------------------
// Partners (affiliate.ts).

export type ReferralCodeData = { code: string; link: string };

export type PartnerEarningsData = {
  totalGoints: string;
  totalEuro: string;
  monthGoints: string;
  monthEuro: string;
  pendingEuro: string;
  availableEuro: string;
  availableCents: number;
};

export type PartnerNetworkData = { count: number; active: number; levels: string; perLevel: number[] };

export type MarketingTextData = {
  materialId: string;
  lang: string;
  kind: string;
  title: string;
  subject: string | null;
  body: string;
  link: string;
};

// ---------------------------------------------------------------------------------------------------
// The conversation itself (conversation.ts).

/** A clarifying question: the candidate actions' labels (the buttons are the outcome's choices) and the unclear message. */
export type ClarifyData = { options: string[]; text: string };

/** One action of the help: its label and an example to click (sent as if typed). */
export type HelpAction = { intent: string; label: string; example: string };
export type HelpGroup = { id: string; title: string; actions: HelpAction[] };
export type HelpData = { groups: HelpGroup[]; notUnderstood: boolean };

/** The rating form of a completed deal (or of the few the seeker's words fit), with what they already said. */
export type RateDealData = { toRate: ChatDealToRate[]; prefill: { stars: number | null; text: string } };

/** What is new for the person (news.ts): the counts and the same words as the greeting. */
export type ShowNewsData = { offers: number; matches: number; dealsToConfirm: number; dealsToRate: number; items: string; text: string };

// ---------------------------------------------------------------------------------------------------
// Admins (admin-payouts.ts, admin-settings.ts, admin-documents.ts, admin-marketing.ts).

/** A payout waiting for approval, worded in the admin's language. */
export type AdminPayoutRow = {
  ref: string;
  name: string;
  email: string;
  amountCents: number;
  /** '25,00 €' / '€25.00'. */
  amount: string;
  /** 'PayPal name@example.com' or 'IBAN •••• 3000'. */
  method: string;
  methodType: 'paypal' | 'bank';
  /** Where the money comes from: earnings from deals or partner commission. */
  source: string;
  status: string;
  statusLabel: string;
  /** Why it is held for review, in words (empty unless held). */
  holdReasons: string[];
  requestedAt: string;
  requested: string;
};

export type ListPendingPayoutsData = {
  /** The first ten (the card's rows; each has its approve and reject choice). */
  payouts: AdminPayoutRow[];
  /** All waiting. */
  count: number;
  shown: number;
  held: number;
  totalCents: number;
  total: string;
  /** The first person's name (for the reply's example). */
  name: string;
  list: string;
};

/** A platform setting with its label, value and range in the admin's language. */
export type SettingRow = {
  key: string;
  label: string;
  hint: string;
  value: number;
  /** '30 Tage' / '30 days'. */
  valueText: string;
  min: number;
  max: number;
  range: string;
};

export type ShowSettingsData = { settings: SettingRow[]; count: number; minPayout: string; list: string };

/** A trade document waiting for review. */
export type DocumentReviewRow = {
  ref: string;
  id: string;
  company: string;
  name: string;
  email: string;
  kind: string;
  kindLabel: string;
  fileName: string;
  /** The admin door that serves the file (opens in a new tab). */
  fileUrl: string;
  uploadedAt: string;
  uploaded: string;
  verification: string;
  verificationLabel: string;
};

/** documents: the first ten (each with its approve and reject choice); count: all waiting. */
export type ListDocumentReviewsData = { documents: DocumentReviewRow[]; count: number; shown: number; company: string; list: string };

/** A marketing text, numbered as the list shows it (the number names it in the chat). */
export type MarketingTextRow = {
  ref: string;
  n: number;
  title: string;
  kind: string;
  kindLabel: string;
  category: string;
  categoryLabel: string;
  lang: string;
  langLabel: string;
  active: boolean;
  subject: string | null;
  body: string;
};

export type ShowMarketingTextsData = { texts: MarketingTextRow[]; count: number; active: number; list: string };
