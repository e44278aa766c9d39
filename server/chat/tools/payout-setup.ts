// The chat's payout flow when there is nowhere to pay to yet: where Stripe Connect is offered, the answer
// carries a button that sets it up (addPayoutMethod with type 'stripe': a confirmation, then Stripe's
// onboarding link), the same as the dashboard's 'Über Stripe auszahlen lassen' (decision 081).
import type { PayoutMethodView } from '../../domain/payouts/payout-methods.ts';
import { payoutRailOpen } from '../../domain/payouts/payout-rails.ts';
import { translator } from '../../i18n.ts';
import type { ToolOutcome } from '../../../core/chat/outcome.ts';
import { refuse } from './refs.ts';
import type { ChatToolContext } from './registry.ts';

/** A method a payout can go to now: offered here, and for Stripe, checked by Stripe. */
export const usableForPayout = (m: PayoutMethodView) => m.available && (m.type !== 'stripe' || m.stripeStatus === 'enabled');

/** The newest usable method of the kind named (or of any kind). */
export function payoutMethodOfKind(methods: PayoutMethodView[], kind: string | undefined): PayoutMethodView | undefined {
  return methods.filter(usableForPayout).find((m) => !kind || m.type === kind);
}

/** null when a payout can go somewhere (or Stripe is not offered here); else the refusal with the set-up button. */
export function stripeSetupOffer(
  ctx: Pick<ChatToolContext, 'machine' | 'deps' | 'lang'>,
  methods: PayoutMethodView[],
  kind: string | undefined,
): ToolOutcome | null {
  if (payoutMethodOfKind(methods, kind) || !payoutRailOpen(ctx.deps, 'stripe')) return null;
  if (kind && kind !== 'stripe') return null;
  const started = methods.some((m) => m.type === 'stripe');
  const t = translator(ctx.lang);
  return {
    ...refuse(ctx, started ? 'STRIPE_ONBOARDING_INCOMPLETE' : 'STRIPE_SETUP_NEEDED', {
      message: t(started ? 'errors:STRIPE_ONBOARDING_INCOMPLETE' : 'errors:PAYOUT_METHOD_REQUIRED') as string,
    }),
    choices: [
      { label: t(started ? 'chat:payoutSetup.continueStripe' : 'chat:payoutSetup.setUpStripe') as string, tool: 'addPayoutMethod', input: { type: 'stripe' } },
    ],
  };
}
