// Payout methods and payouts as their owners and the admins see them (server/http/payouts.ts).
export interface PayoutMethodView {
  id: string;
  type: 'paypal' | 'bank';
  paypalEmail: string | null;
  /** The IBAN in blocks of four (for its owner only). */
  iban: string | null;
  ibanLast4: string | null;
  bic: string | null;
  accountHolder: string | null;
  bankName: string | null;
  verified: boolean;
  createdAt: string;
}

export interface PayoutView {
  id: string;
  amountCents: number;
  method: { id: string; type: string; label: string };
  source: string;
  status: string;
  requestedAt: string;
  processedAt: string | null;
  failureReason: string | null;
}

export interface AdminPayout {
  id: string;
  userId: string;
  userEmail: string;
  userName: string;
  amountCents: number;
  source: string;
  status: string;
  method: { type: string; label: string; accountHolder: string | null; verified: boolean };
  sepaBatchId: string | null;
  paypalBatchId: string | null;
  failureReason: string | null;
  /** Why it is held for review (status 'held'): same_payout_account | same_email_pattern | same_signup_network. */
  holdReasons: string[];
  requestedAt: string;
}

export interface SepaBatchView {
  id: string;
  messageId: string;
  status: string;
  count: number;
  totalCents: number;
  createdAt: string;
  sentAt: string | null;
  paidAt: string | null;
}
