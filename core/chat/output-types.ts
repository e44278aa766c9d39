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
export type NameRejection = 'empty' | 'too_long' | 'markup' | 'two_words' | 'digits' | 'invalid_chars' | 'surname';

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
  type: 'paypal' | 'bank';
  /** 'IBAN •••• 3000' or 'PayPal name@example.com': never the full IBAN. */
  label: string;
  accountHolder: string | null;
  verified: boolean;
};

export type ListPayoutMethodsData = { methods: PayoutMethodRow[]; count: number; list: string };
export type PayoutMethodChangedData = { method: PayoutMethodRow; label: string };

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
