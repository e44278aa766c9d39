// Moves a deal through machines/deal.machine.ts inside a transaction, with the optimistic version check:
// two confirmations at the same moment never overwrite each other (one retries and sees the other).
import { AppError } from '../../../core/errors.ts';
import type { DbTx } from '../../db.ts';
import { dealMachine, dealStatusOf, type DealEvent } from '../../../machines/deal.machine.ts';
import { stepEntity } from '../../machines/entity.ts';
import { dealStepRefusal } from './deal-rules.ts';

export class StaleDealError extends Error {}

export async function transitionDeal(
  tx: DbTx,
  dealId: string,
  event: DealEvent,
  extra: Record<string, unknown> = {},
): Promise<{ state: string; before: string }> {
  const deal = await tx.deal.findUnique({ where: { id: dealId }, select: { machineSnapshot: true, version: true } });
  if (!deal) throw new AppError('NOT_FOUND');
  const step = stepEntity(dealMachine, deal.machineSnapshot, event);
  if (!step.accepted) throw new AppError(dealStepRefusal(step.before));
  const done = await tx.deal.updateMany({
    where: { id: dealId, version: deal.version },
    data: { machineSnapshot: step.snapshot as never, status: dealStatusOf(step.state), version: { increment: 1 }, ...extra },
  });
  if (done.count !== 1) throw new StaleDealError(`deal ${dealId} changed meanwhile`);
  return { state: step.state, before: step.before };
}
