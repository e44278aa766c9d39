// After the settlement transaction has committed: each partner who got a commission hears it live
// ('commission.booked'), so their dashboard refetches without a reload. Nothing here can undo the booking.
import type { AppDeps } from '../../deps.ts';
import { notify } from '../notifications/notify.ts';
import type { BookedCommission } from './book-commissions.ts';
import { moneyView } from '../../../core/money/money-view.ts';

export async function announceCommissions(deps: Pick<AppDeps, 'bus' | 'mailer' | 'db' | 'logger' | 'config'>, commissions: BookedCommission[]): Promise<void> {
  for (const c of commissions) {
    await notify(deps, {
      userId: c.partnerId,
      event: { type: 'commission.booked', payload: { commissionId: c.id, level: c.level, status: c.status, amount: moneyView(c.amount) } },
    });
  }
}
