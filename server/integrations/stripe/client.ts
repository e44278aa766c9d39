// Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (STRIPE_API_BASE points it elsewhere,
// for a local fake or stripe-mock). Without them akut uses its built-in test checkout.
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

export type StripeClient = Stripe;

export function createStripe(config: Config['stripe']): StripeClient | null {
  if (!config) return null;
  if (config.apiBase) {
    const u = new URL(config.apiBase);
    return new Stripe(config.secretKey, {
      host: u.hostname,
      port: u.port || (u.protocol === 'https:' ? 443 : 80),
      protocol: u.protocol === 'https:' ? 'https' : 'http',
      maxNetworkRetries: 2,
      telemetry: false,
    });
  }
  return new Stripe(config.secretKey, { maxNetworkRetries: 2, telemetry: false });
}
