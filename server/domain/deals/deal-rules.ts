// When a side may confirm a deal, pure, from the deal machine (decision 052): transitionDeal refuses with
// these codes, and the chat checks the same before it shows the confirmation card.
import { dealMachine, type DealParty } from '../../../machines/deal.machine.ts';
import { stepEntity } from '../../machines/entity.ts';

export type DealStepRefusal = 'DEAL_NOT_ACTIVE' | 'DEAL_ALREADY_CONFIRMED';

/** Why the deal machine refused an event: the deal has ended, or this side has already confirmed. */
export function dealStepRefusal(before: string): DealStepRefusal {
  return before === 'completed' || before === 'cancelled' ? 'DEAL_NOT_ACTIVE' : 'DEAL_ALREADY_CONFIRMED';
}

/** Whether this side may confirm the deal whose stored snapshot this is; null: it may. */
export function dealConfirmRefusal(snapshot: unknown, party: DealParty): DealStepRefusal | null {
  const step = stepEntity(dealMachine, snapshot, { type: party === 'provider' ? 'PROVIDER_CONFIRMED' : 'SEEKER_CONFIRMED' });
  return step.accepted ? null : dealStepRefusal(step.before);
}
