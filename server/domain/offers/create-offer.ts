// A provider's offer for a request they unlocked: price in euros, description, availability. One per
// provider and request; the seeker hears of it live and by e-mail.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, isUniqueViolation } from '../../db/tx.ts';
import { offerMachine } from '../../../machines/offer.machine.ts';
import { initialEntity } from '../../machines/entity.ts';
import { lockRequest } from '../requests/lock-request.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { formatEuro } from './format.ts';
import { toCents, type CreateOfferInput } from '../../../core/offers/offers.schemas.ts';
import { offerRefusal } from './offer-rules.ts';
import { loadOfferFacts } from './check-offer.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';

export interface CreatedOffer {
  id: string;
  requestId: string;
  status: string;
  priceCents: number;
}

export async function createOffer(deps: AppDeps, providerId: string, input: CreateOfferInput): Promise<CreatedOffer> {
  const prisma = deps.db.prisma;
  const [facts, profile] = await Promise.all([
    loadOfferFacts(prisma, providerId, input.requestId),
    prisma.providerProfile.findUnique({ where: { userId: providerId }, select: { firmenname: true } }),
  ]);
  const refusal = offerRefusal(facts);
  if (refusal) throw new AppError(refusal);
  const init = initialEntity(offerMachine);
  const priceCents = toCents(input.price);
  let offer;
  let told: Notice[] = [];
  try {
    offer = await inTransaction(prisma, async (tx) => {
      // The request's row lock first (decision 019), then its status again: a settlement or close that
      // committed since the check above ends the request's open offers, and would miss this one.
      const locked = await lockRequest(tx, input.requestId);
      if (locked?.status !== 'open') throw new AppError('REQUEST_NOT_AVAILABLE');
      const created = await tx.offer.create({
        data: {
          requestId: input.requestId,
          providerId,
          priceCents,
          beschreibung: input.beschreibung,
          verfuegbarkeit: input.verfuegbarkeit,
          status: init.state,
          machineSnapshot: init.snapshot as never,
        },
      });
      await tx.match.updateMany({ where: { requestId: input.requestId, providerId }, data: { status: 'angebot' } });
      // The seeker's mail commits with the offer (decision 082).
      if (facts.seekerId) {
        told = await queueNotices(tx, deps, [
          {
            userId: facts.seekerId,
            event: { type: 'offer.received', payload: { offerId: created.id, requestId: input.requestId } },
            mail: {
              template: 'offerReceived',
              key: `offerReceived:${created.id}`,
              params: (lang) => ({ provider: profile?.firmenname ?? '', price: formatEuro(priceCents, lang), url: appLink(deps, '/suchende-dashboard') }),
            },
          },
        ]);
      }
      return created;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('OFFER_EXISTS');
    throw e;
  }
  await announce(deps, told);
  await tellOwnChange(deps, providerId, 'offer.sent', { offerId: offer.id, requestId: offer.requestId });
  return { id: offer.id, requestId: offer.requestId, status: offer.status, priceCents: offer.priceCents };
}
