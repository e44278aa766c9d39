// What the browser may know of the server's configuration (GET /api/config).
export interface PublicConfig {
  aiProvider: 'offline' | 'openai';
  mailMode: 'smtp' | 'outbox';
  checkout: 'stripe' | 'test' | 'off';
  paypalPayouts: 'api' | 'manual';
  /** How payouts may go here (decision 081): Stripe Connect, PayPal (API, by hand from the operator's account, or not at all), bank (SEPA file from the operator's account). */
  payoutRails: { stripe: boolean; paypal: 'api' | 'manual' | 'off'; bank: boolean };
  /** For the privacy policy: which processors receive data in this installation. */
  aiVendor: 'custom' | 'openai' | null;
  /** The operator named in the Impressum (§ 5 DDG) and the privacy policy. */
  operator: {
    name: string;
    address: string;
    email: string;
    phone: string | null;
    representative: string | null;
    register: string | null;
    vatId: string;
    configured: boolean;
  };
}
