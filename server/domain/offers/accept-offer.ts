// The seeker accepts an offer: the request takes it as its one accepted offer (a conditional update, so
// two accepts at once cannot both win), the offer moves to 'angenommen' and the deal starts, waiting for
// both confirmations. The provider hears of it live and by e-mail.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/tx.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { categoryLabel } from '../../../core/categories/category-labels.ts';
import { dealMachine, dealStatusOf } from '../../../machines/deal.machine.ts';
import { initialEntity } from '../../machines/entity.ts';
import { announce, appLink, queueNotices } from '../notifications/notify.ts';
import { formatEuro } from './format.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { transitionOffer } from './offer-transition.ts';
import { offerAcceptRefusal } from './offer-rules.ts';

export async function acceptOffer(deps: AppDeps, seekerId: string, offerId: string): Promise<{ offerId: string; dealId: string; repeated: boolean }> {
  const prisma = deps.db.prisma;
  const offer = await prisma.offer.findUnique({
    where: { id: offerId },
    select: {
      id: true,
      requestId: true,
      providerId: true,
      priceCents: true,
      status: true,
      request: { select: { userId: true, kategorie: true, ort: true, status: true, acceptedOfferId: true } },
      deal: { select: { id: true } },
    },
  });
  // Another seeker's offer looks exactly like a missing one.
  if (!offer || offer.request.userId !== seekerId) throw new AppError('NOT_FOUND');
  if (offer.status === 'angenommen' && offer.deal) return { offerId, dealId: offer.deal.id, repeated: true };
  if (offerAcceptRefusal(offer)) throw new AppError('OFFER_NOT_AVAILABLE');
  const init = initialEntity(dealMachine);
  const { deal, told } = await inTransaction(prisma, async (tx) => {
    // The request's row lock first (this update takes it): from here on the request sells no unlocks.
    const took = await tx.request.updateMany({ where: { id: offer.requestId, status: 'open', acceptedOfferId: null }, data: { acceptedOfferId: offer.id } });
    if (took.count !== 1) throw new AppError('OFFER_NOT_AVAILABLE');
    await transitionOffer(tx, offer.id, { type: 'OFFER_ACCEPTED' }, 'OFFER_NOT_AVAILABLE', { acceptedAt: new Date() });
    const created = await tx.deal.create({
      data: {
        requestId: offer.requestId,
        offerId: offer.id,
        providerId: offer.providerId,
        seekerId,
        valueCents: offer.priceCents,
        status: dealStatusOf(init.state),
        machineSnapshot: init.snapshot as never,
      },
    });
    // The provider's mail commits with the deal (decision 082).
    const notices = await queueNotices(tx, deps, [
      {
        userId: offer.providerId,
        event: { type: 'offer.accepted', payload: { offerId, dealId: created.id, requestId: offer.requestId } },
        mail: {
          template: 'offerAccepted',
          key: `offerAccepted:${created.id}`,
          params: (lang) => ({
            price: formatEuro(offer.priceCents, lang),
            category: categoryLabel(offer.request.kategorie as CategoryId, lang),
            place: offer.request.ort ?? '',
            url: appLink(deps, '/anbieter/dashboard'),
          }),
        },
      },
    ]);
    return { deal: created, told: notices };
  });
  await announce(deps, told);
  await tellOwnChange(deps, seekerId, 'offer.accepted', { offerId, dealId: deal.id, requestId: offer.requestId });
  return { offerId, dealId: deal.id, repeated: false };
}

export async function declineOffer(deps: AppDeps, seekerId: string, offerId: string): Promise<{ status: string }> {
  const prisma = deps.db.prisma;
  const offer = await prisma.offer.findUnique({ where: { id: offerId }, select: { providerId: true, status: true, request: { select: { userId: true } } } });
  if (!offer || offer.request.userId !== seekerId) throw new AppError('NOT_FOUND');
  if (offer.status === 'abgelehnt') return { status: 'abgelehnt' };
  const status = await inTransaction(prisma, (tx) => transitionOffer(tx, offerId, { type: 'OFFER_DECLINED' }));
  await deps.bus.publish({ type: 'offer.declined', to: { userId: offer.providerId }, payload: { offerId } }).catch(() => {});
  await tellOwnChange(deps, seekerId, 'offer.declined', { offerId });
  return { status };
}

export async function withdrawOffer(deps: AppDeps, providerId: string, offerId: string): Promise<{ status: string }> {
  const prisma = deps.db.prisma;
  const offer = await prisma.offer.findUnique({ where: { id: offerId }, select: { providerId: true, status: true, request: { select: { userId: true } } } });
  if (!offer || offer.providerId !== providerId) throw new AppError('NOT_FOUND');
  if (offer.status === 'zurueckgezogen') return { status: 'zurueckgezogen' };
  const status = await inTransaction(prisma, (tx) => transitionOffer(tx, offerId, { type: 'OFFER_WITHDRAWN' }));
  if (offer.request.userId) await deps.bus.publish({ type: 'offer.withdrawn', to: { userId: offer.request.userId }, payload: { offerId } }).catch(() => {});
  await tellOwnChange(deps, providerId, 'offer.withdrawn', { offerId });
  return { status };
}
