// Either side cancels a deal before both confirmed: the offer is 'storniert', the request takes offers and
// sells unlocks again (its accepted offer is cleared) and the other side is told why.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { formatEuro } from '../offers/format.ts';
import { transitionOffer } from '../offers/offer-transition.ts';
import { partyOf } from './confirm-deal.ts';
import { StaleDealError, transitionDeal } from './deal-transition.ts';
import { lockRequest } from '../requests/lock-request.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';

export async function cancelDeal(deps: AppDeps, userId: string, dealId: string, reason: string): Promise<{ dealId: string; status: 'cancelled' }> {
  const { deal, party } = await partyOf(deps.db.prisma, userId, dealId);
  if (deal.status === 'cancelled') return { dealId, status: 'cancelled' };
  const now = new Date();
  const other = party === 'provider' ? deal.seekerId : deal.providerId;
  const notice: Notice = {
    userId: other,
    event: { type: 'deal.cancelled', payload: { dealId, by: party } },
    mail: {
      template: 'dealCancelled',
      key: `dealCancelled:${dealId}`,
      params: (lang) => ({
        price: formatEuro(deal.valueCents, lang),
        reason,
        url: appLink(deps, other === deal.providerId ? '/anbieter/dashboard' : '/suchende-dashboard'),
      }),
    },
  };
  let told: Notice[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      told = await inTransaction(deps.db.prisma, async (tx) => {
        // The request's row lock first: clearing its accepted offer makes it sell unlocks again (decision 019).
        await lockRequest(tx, deal.requestId);
        await transitionDeal(tx, dealId, { type: 'DEAL_CANCELLED', by: party }, { cancelledAt: now, cancelledById: userId, cancelReason: reason });
        const d = await tx.deal.findUniqueOrThrow({ where: { id: dealId }, select: { offerId: true } });
        await transitionOffer(tx, d.offerId, { type: 'DEAL_CANCELLED' }, 'CONFLICT');
        await tx.request.updateMany({ where: { id: deal.requestId, acceptedOfferId: d.offerId }, data: { acceptedOfferId: null } });
        // The other side's mail commits with the cancellation (decision 082).
        return queueNotices(tx, deps, [notice]);
      });
      break;
    } catch (e) {
      if (!(e instanceof StaleDealError) || attempt >= 4) throw e instanceof StaleDealError ? new AppError('CONFLICT') : e;
    }
  }
  await announce(deps, told);
  await tellOwnChange(deps, userId, 'deal.cancelled', { dealId, by: party });
  return { dealId, status: 'cancelled' };
}
