// What is new for a signed-in person when they open the chat: for a seeker the offers waiting for an answer,
// deals waiting for their confirmation and deals to rate; for a provider the matches not looked at yet
// (neither unlocked nor dismissed) and deals waiting for their confirmation. Counts only, from the same
// queries as the dashboards.
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import { listUserDeals } from '../deals/list-user-deals.ts';
import { listProviderMatches } from '../matching/list-provider-matches.ts';
import { listSeekerOffers } from '../offers/list-seeker-offers.ts';
import { getOwnProviderProfile } from '../providers/get-own-provider-profile.ts';

export interface WhatsNew {
  offers: number;
  matches: number;
  dealsToConfirm: number;
  dealsToRate: number;
}

export async function getWhatsNew(prisma: Db, user: { id: string; role: string | null }, lang: Lang): Promise<WhatsNew> {
  const deals = await listUserDeals(prisma, user.id);
  const open = deals.filter((d) => d.status !== 'completed' && d.status !== 'cancelled');
  const dealsToConfirm = open.filter((d) => !(d.role === 'provider' ? d.providerConfirmed : d.seekerConfirmed)).length;
  const dealsToRate = deals.filter((d) => d.role === 'seeker' && d.status === 'completed' && !d.reviewed).length;
  let offers = 0;
  let matches = 0;
  if (user.role === 'seeker') {
    const { all } = await listSeekerOffers(prisma, user.id);
    offers = all.filter((o) => o.status === 'versendet' && !o.deal && o.request.status === 'open').length;
  }
  if (user.role === 'provider' && (await getOwnProviderProfile(prisma, user.id))) {
    const feed = await listProviderMatches(prisma, user.id, lang, { limit: 100 });
    matches = feed.matches.filter((m) => !m.unlocked && m.status === 'offen').length;
  }
  return { offers, matches, dealsToConfirm, dealsToRate };
}
