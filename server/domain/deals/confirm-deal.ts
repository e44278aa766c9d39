// A side confirms the deal. The second confirmation completes it and settles the escrow in the same
// transaction. Only the deal's provider and seeker may confirm; anyone else gets 'not found'.
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import { dealStatusOf, type DealParty } from '../../../machines/deal.machine.ts';
import { announce, appLink, queueNotices, type Notice } from '../notifications/notify.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { formatEuro } from '../offers/format.ts';
import { translator } from '../../i18n.ts';
import { StaleDealError, transitionDeal } from './deal-transition.ts';
import { settleDeal } from './settle-deal.ts';
import { lockRequest } from '../requests/lock-request.ts';
import type { BookedCommission } from '../affiliate/book-commissions.ts';
import { announceCommissions } from '../affiliate/announce-commissions.ts';

export interface ConfirmedDeal {
  dealId: string;
  status: string;
  completed: boolean;
}

export async function partyOf(prisma: Db, userId: string, dealId: string) {
  const deal = await prisma.deal.findUnique({
    where: { id: dealId },
    select: { id: true, requestId: true, providerId: true, seekerId: true, valueCents: true, status: true },
  });
  if (!deal || (deal.providerId !== userId && deal.seekerId !== userId)) throw new AppError('NOT_FOUND');
  const party: DealParty = deal.providerId === userId ? 'provider' : 'seeker';
  return { deal, party };
}

export async function confirmDeal(deps: AppDeps, userId: string, dealId: string): Promise<ConfirmedDeal> {
  const { deal, party } = await partyOf(deps.db.prisma, userId, dealId);
  const now = new Date();
  let result: { state: string } | null = null;
  let commissions: BookedCommission[] = [];
  let told: Notice[] = [];
  const other = party === 'provider' ? deal.seekerId : deal.providerId;
  const price = (lang: 'de' | 'en') => formatEuro(deal.valueCents, lang);
  // Each side's mail commits with the step it tells of (decision 082).
  const completedNotices = (): Notice[] =>
    [deal.providerId, deal.seekerId].map((who) => ({
      userId: who,
      event: { type: 'deal.completed', payload: { dealId } },
      mail: {
        template: 'dealCompleted',
        key: `dealCompleted:${dealId}`,
        params: (lang) => ({ price: price(lang), url: appLink(deps, who === deal.providerId ? '/anbieter/dashboard' : '/suchende-dashboard') }),
      },
    }));
  const confirmedNotice = (): Notice => ({
    userId: other,
    event: { type: 'deal.confirmed', payload: { dealId, by: party } },
    mail: {
      template: 'dealConfirmed',
      key: `dealConfirmed:${dealId}:${party}`,
      params: (lang) => ({
        party: translator(lang)(party === 'provider' ? 'email:dealConfirmed.partyProvider' : 'email:dealConfirmed.partySeeker') as string,
        price: price(lang),
        url: appLink(deps, other === deal.providerId ? '/anbieter/dashboard' : '/suchende-dashboard'),
      }),
    },
  });
  for (let attempt = 0; attempt < 5 && !result; attempt++) {
    try {
      result = await inTransaction(deps.db.prisma, async (tx) => {
        // The request's row lock before the deal's row, in the same order as cancelDeal and the unlock.
        await lockRequest(tx, deal.requestId);
        const step = await transitionDeal(
          tx,
          dealId,
          { type: party === 'provider' ? 'PROVIDER_CONFIRMED' : 'SEEKER_CONFIRMED' },
          party === 'provider' ? { providerConfirmedAt: now } : { seekerConfirmedAt: now },
        );
        if (step.state === 'completed') {
          await tx.deal.update({ where: { id: dealId }, data: { completedAt: now } });
          commissions = (await settleDeal(tx, deal)).commissions;
        }
        told = await queueNotices(tx, deps, step.state === 'completed' ? completedNotices() : [confirmedNotice()]);
        return step;
      });
    } catch (e) {
      if (!(e instanceof StaleDealError)) throw e;
    }
  }
  if (!result) throw new AppError('CONFLICT');
  const completed = result.state === 'completed';
  await announce(deps, told);
  if (completed) {
    // After the commit: the partners' dashboards update live.
    await announceCommissions(deps, commissions);
  } else {
    await tellOwnChange(deps, userId, 'deal.confirmed', { dealId, by: party });
  }
  return { dealId, status: dealStatusOf(result.state), completed };
}
