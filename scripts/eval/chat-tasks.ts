// The multi-turn tasks of the chat evaluation (issue 21): what people of each role get done by talking, each
// task in three phrasings. A task counts only when all its phrasings succeed (pass^3, as τ-bench scores).
// Success is read from the database and from the tools the turns called, never from the reply's words.
import type { TestApp } from '../../tests/helpers/test-app.ts';
import { adminClient, converse, createUser, market, partnerClient, type Conversation, type Lang, type Market, type Step } from './chat-harness.ts';
import { createProvider, createReleasedRequest, givePaidGointsOnly } from '../../tests/factories/marketplace.ts';
import { clientAs } from '../../tests/helpers/auth.ts';
import { unlockRequest } from '../../server/domain/unlocks/unlock-request.ts';
import { getUnlockQuote } from '../../server/domain/unlocks/get-unlock-quote.ts';

export type TaskRole = 'visitor' | 'seeker' | 'provider' | 'partner' | 'admin';

export interface TaskRun {
  conversation: Conversation;
  app: TestApp;
  market?: Market;
  extra: Record<string, string>;
}

export interface Task {
  id: string;
  role: TaskRole;
  lang: Lang;
  /** Three (or more) ways a person says the same thing. */
  phrasings: Step[][];
  /** Builds what the task starts from and opens the conversation. */
  setup(app: TestApp): Promise<TaskRun>;
  /** true, or why the task failed. */
  check(r: TaskRun): Promise<true | string>;
}

// ---------------------------------------------------------------------------------------------------
// Checks.

/** The tools of the last turn (and of the confirmations clicked after it). */
function lastTools(c: Conversation): string[] {
  return (c.turns.at(-1)?.tools ?? []).map((t) => t.toolName);
}
const called =
  (tool: string) =>
  async (r: TaskRun): Promise<true | string> =>
    lastTools(r.conversation).includes(tool) ? true : `last turn called ${JSON.stringify(lastTools(r.conversation))}, not ${tool}`;
const ok = (cond: boolean, why: string): true | string => (cond ? true : why);

// ---------------------------------------------------------------------------------------------------
// Setups.

const visitor = (lang: Lang) => async (app: TestApp) => ({ conversation: await converse(app, app.client(), lang), app, extra: {} });

const seekerWith =
  (lang: Lang, opts: Parameters<typeof market>[1] = {}) =>
  async (app: TestApp) => {
    const m = await market(app, opts);
    return { conversation: await converse(app, m.seekerClient, lang), app, market: m, extra: {} };
  };

/** The first provider of the market (who sent the 350 € offer). */
const providerOfMarket =
  (lang: Lang, opts: Parameters<typeof market>[1] = {}) =>
  async (app: TestApp) => {
    const m = await market(app, opts);
    return { conversation: await converse(app, m.providerClients[0]!, lang), app, market: m, extra: {} };
  };

/** A third provider in Köln who has not looked at the market's request yet (and, with `unlocked`, unlocked it). */
const freshProvider =
  (lang: Lang, unlocked = false) =>
  async (app: TestApp) => {
    const m = await market(app, { offers: false });
    const p = await createProvider(app.deps, { firmenname: 'Rohrblitz Köln', categories: ['handwerk'], postcode: '50667', radiusKm: 20 });
    await givePaidGointsOnly(app.deps.db.prisma, p.user.id, 500);
    if (unlocked)
      await unlockRequest(app.deps, {
        providerId: p.user.id,
        requestId: m.requestId,
        price: (await getUnlockQuote(app.deps.db.prisma, p.user.id, m.requestId)).price,
      });
    const client = await clientAs(app, p.user);
    return { conversation: await converse(app, client, lang), app, market: m, extra: { providerId: p.user.id } };
  };

const partner = (lang: Lang) => async (app: TestApp) => {
  const { client, user } = await partnerClient(app, lang);
  return { conversation: await converse(app, client, lang), app, extra: { userId: user.id } };
};

const admin = (lang: Lang) => async (app: TestApp) => {
  const { client, user } = await adminClient(app, lang);
  return { conversation: await converse(app, client, lang), app, extra: { adminId: user.id } };
};

/** The request this conversation stored (the intake's confirmation), or null. */
const storedRequest = (r: TaskRun) =>
  r.app.deps.db.prisma.request.findFirst({ where: { sessionId: r.conversation.sessionId }, orderBy: { createdAt: 'desc' } });

// ---------------------------------------------------------------------------------------------------
// The tasks.

const de = 'de' as const;
const en = 'en' as const;

export const TASKS: Task[] = [
  // ----- Visitors: a request by chat, with the repairs people make.
  {
    id: 'request-correct-place',
    role: 'visitor',
    lang: de,
    setup: visitor(de),
    phrasings: [
      [
        'Anna',
        'Ich brauche einen Klempner, mein Wasserhahn tropft, in 50667 Köln, Budget 200 Euro',
        { answer: { urgency: 'dringend', date: 'egal' } },
        'Nein, nicht Köln, sondern 53111 Bonn',
        { click: 'confirm' },
      ],
      [
        'Ich heiße Tom',
        'Suche dringend jemanden, der meinen tropfenden Wasserhahn repariert, 50667 Köln, bis 200 €',
        { answer: { date: 'kein fester Termin' } },
        'doch lieber in 53111 Bonn',
        { click: 'confirm' },
      ],
      [
        'Mia',
        'wasserhahn tropft, klempner gesucht, 50667 köln, so 200 euro',
        { answer: { urgency: 'sehr dringend', date: 'weiß nicht' } },
        'ach nee, der Ort ist falsch: 53111 Bonn',
        { click: 'confirm' },
      ],
    ],
    check: async (r) => {
      const req = await storedRequest(r);
      return ok(
        req?.postcode === '53111' && req.kategorie === 'handwerk',
        `stored ${JSON.stringify(req && { postcode: req.postcode, kategorie: req.kategorie })}`,
      );
    },
  },
  {
    id: 'need-before-name',
    role: 'visitor',
    lang: de,
    setup: visitor(de),
    phrasings: [
      ['Mein Wasserhahn tropft seit gestern, bitte schnell jemand in 50667 Köln, Budget 150 Euro', 'Marta', { answer: { date: 'egal' } }, { click: 'confirm' }],
      [
        'Hallo',
        'Ich brauche einen Klempner in 50667 Köln, der Wasserhahn tropft, bis 150 €',
        'Ich heiße Marta',
        { answer: { urgency: 'dringend', date: 'egal' } },
        { click: 'confirm' },
      ],
      [
        'Moin',
        'Marta',
        'Tropfender Wasserhahn in 50667 Köln, wer kann helfen? Maximal 150 Euro',
        { answer: { urgency: 'sehr dringend', date: 'egal' } },
        { click: 'confirm' },
      ],
    ],
    check: async (r) => {
      const req = await storedRequest(r);
      return ok(
        req?.firstName === 'Marta' && req.postcode === '50667' && /wasserhahn/i.test(req.beschreibung),
        `stored ${JSON.stringify(req && { firstName: req.firstName, beschreibung: req.beschreibung })}`,
      );
    },
  },
  {
    id: 'city-asks-postcode',
    role: 'visitor',
    lang: de,
    setup: visitor(de),
    phrasings: [
      [
        'Lena',
        'Klempner Berlin',
        { answer: { location: '10115', description: 'Der Abfluss im Bad ist verstopft.', budget: '100 bis 200 Euro', urgency: 'dringend', date: 'egal' } },
        { click: 'confirm' },
      ],
      [
        'Lena',
        'Ich suche einen Klempner in Berlin',
        { answer: { location: 'PLZ 10115', description: 'Abfluss im Bad verstopft', budget: 'bis 200 €', urgency: 'eilig', date: 'egal' } },
        { click: 'confirm' },
      ],
      [
        'Lena',
        'brauche klempner berlin abfluss verstopft',
        { answer: { location: '10115 Berlin', budget: 'so 200', urgency: 'dringend', date: 'kein Termin' } },
        { click: 'confirm' },
      ],
    ],
    check: async (r) => {
      const req = await storedRequest(r);
      return ok(req?.postcode === '10115', `stored ${JSON.stringify(req && { postcode: req.postcode })}`);
    },
  },
  {
    id: 'back-to-previous-question',
    role: 'visitor',
    lang: en,
    setup: visitor(en),
    phrasings: [
      [
        'Tom',
        'I need a painter for two rooms in 10115 Berlin',
        'go back',
        '20095 Hamburg',
        { answer: { budget: 'about 600 euros', urgency: 'not urgent', date: 'no fixed date' } },
        { click: 'confirm' },
      ],
      [
        'Tom',
        'Looking for a painter to do two rooms, 10115 Berlin',
        'wait, back one step please',
        'postcode 20095 Hamburg',
        { answer: { budget: '600 €', urgency: 'normal', date: 'any time' } },
        { click: 'confirm' },
      ],
      [
        'Tom',
        'painter needed for 2 rooms in 10115 berlin',
        'previous question',
        '20095 hamburg',
        { answer: { budget: '600 euro', urgency: 'no rush', date: 'whenever' } },
        { click: 'confirm' },
      ],
    ],
    check: async (r) => {
      const req = await storedRequest(r);
      return ok(req?.postcode === '20095', `stored ${JSON.stringify(req && { postcode: req.postcode })}`);
    },
  },
  {
    id: 'cancel-then-ask-offers',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de),
    phrasings: [
      ['Ich brauche einen Maler für zwei Zimmer in 50667 Köln', 'abbrechen', 'Welche Angebote habe ich?'],
      ['Suche einen Gärtner in 50667 Köln', 'Nein, ich will doch keine Anfrage stellen', 'zeig mir meine Angebote'],
      ['Brauche jemanden für den Rasen in 50667 Köln', 'vergiss es', 'hab ich schon Angebote bekommen?'],
    ],
    check: async (r) => {
      const stored = await storedRequest(r);
      const tools = called('listOffers');
      const listed = await tools(r);
      return stored ? 'a request was stored although the person cancelled' : listed;
    },
  },
  {
    id: 'contact-human',
    role: 'visitor',
    lang: de,
    setup: visitor(de),
    phrasings: [
      ['Ich möchte mit einem Menschen sprechen'],
      ['Kann ich bitte mit jemandem vom Team reden?'],
      ['Gibt es hier auch echte Mitarbeiter? Ich brauche persönliche Hilfe'],
    ],
    check: called('showContactForm'),
  },
  {
    id: 'how-it-works',
    role: 'visitor',
    lang: en,
    setup: visitor(en),
    phrasings: [['How does this work?'], ['what is akut and what does it cost me?'], ['Is this free for me? How do the providers get my request?']],
    check: async (r) => {
      const last = r.conversation.turns.at(-1);
      return ok(
        /akut/i.test(last?.text ?? '') && (last?.tools.length ?? 0) === 0,
        `replied ${JSON.stringify(last?.text.slice(0, 80))} with ${JSON.stringify(lastTools(r.conversation))}`,
      );
    },
  },

  // ----- Seekers: their requests, offers, deals and money.
  {
    id: 'list-my-requests',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en),
    phrasings: [['show me my requests'], ['what happened to my request?'], ['Can I see the requests I posted?']],
    check: called('listMyRequests'),
  },
  {
    id: 'close-request-in-words',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de, { offers: false }),
    phrasings: [
      ['Der Wasserhahn hat sich erledigt, bitte schließ meine Anfrage', { click: 'confirm' }],
      ['Ich brauche keinen Klempner mehr, Anfrage zurückziehen', { click: 'confirm' }],
      ['Kannst du meine Anfrage beenden? Hab schon jemanden gefunden', { click: 'confirm' }],
    ],
    check: async (r) => {
      const req = await r.app.deps.db.prisma.request.findUnique({ where: { id: r.market?.requestId } });
      return ok(req?.status === 'closed', `request ${req?.status}`);
    },
  },
  {
    id: 'accept-offer-by-name',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de),
    phrasings: [
      ['Ich nehme das Angebot von Müller Sanitär', { click: 'confirm' }],
      ['Das Angebot von Müller Sanitär passt, annehmen bitte', { click: 'confirm' }],
      ['Müller Sanitär soll den Auftrag bekommen', { click: 'confirm' }],
    ],
    check: async (r) => {
      const deal = await r.app.deps.db.prisma.deal.findFirst({ where: { offerId: r.market?.offers[0]! } });
      return ok(Boolean(deal), 'no deal for the offer of Müller Sanitär');
    },
  },
  {
    id: 'accept-cheapest',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en),
    phrasings: [
      ["I'll take the cheapest offer", { click: 'confirm' }],
      ['accept the 180 euro one', { click: 'confirm' }],
      ['go with Kaya please, their offer is fine', { click: 'confirm' }],
    ],
    check: async (r) => {
      const deal = await r.app.deps.db.prisma.deal.findFirst({ where: { offerId: r.market?.offers[1]! } });
      return ok(Boolean(deal), 'no deal for the 180 € offer');
    },
  },
  {
    id: 'decline-offer',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de),
    phrasings: [
      ['Das Angebot von Kaya lehne ich ab', { click: 'confirm' }],
      ['Bitte das Angebot über 180 € ablehnen', { click: 'confirm' }],
      ['Kaya passt mir nicht, Angebot absagen', { click: 'confirm' }],
    ],
    check: async (r) => {
      const offer = await r.app.deps.db.prisma.offer.findUnique({ where: { id: r.market?.offers[1]! } });
      return ok(offer?.status === 'abgelehnt', `offer ${offer?.status}`);
    },
  },
  {
    id: 'confirm-deal-without-reference',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en, { deal: 'accepted' }),
    phrasings: [
      ['the job is done, I confirm the deal', { click: 'confirm' }],
      ['Müller fixed the tap, please confirm', { click: 'confirm' }],
      ['everything was done properly, mark my deal as confirmed', { click: 'confirm' }],
    ],
    check: async (r) => {
      const deal = await r.app.deps.db.prisma.deal.findFirst({ where: { offerId: r.market?.offers[0]! } });
      return ok(Boolean(deal?.seekerConfirmedAt), 'the seeker did not confirm');
    },
  },
  {
    id: 'rate-deal-in-words',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de, { deal: 'completed' }),
    phrasings: [
      ['5 Sterne für Müller Sanitär, super schnell und sauber', { form: 'review' }],
      ['Ich möchte Müller Sanitär bewerten', { form: 'review' }],
      ['Wie kann ich den Handwerker von meinem letzten Auftrag bewerten?', { form: 'review' }],
    ],
    check: async (r) => {
      const deal = await r.app.deps.db.prisma.deal.findFirst({ where: { offerId: r.market?.offers[0]! }, include: { review: true } });
      return ok(Boolean(deal?.review), 'no review stored');
    },
  },
  {
    id: 'payout-to-typed-iban',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de, { deal: 'completed', unlockers: 2 }),
    phrasings: [
      ['Zahl mir mein Geld auf DE89 3704 0044 0532 0130 00 aus', { click: 'confirm' }],
      ['Ich will meine Einnahmen ausgezahlt haben, IBAN DE89370400440532013000', { click: 'confirm' }],
      ['Bitte überweis mir das Guthaben an DE89 3704 0044 0532 0130 00', { click: 'confirm' }],
    ],
    check: async (r) => {
      const payout = await r.app.deps.db.prisma.payout.findFirst({ where: { userId: r.market?.seeker.id }, include: { method: true } });
      return ok(payout?.method?.ibanLast4 === '3000', `payout ${JSON.stringify(payout && { status: payout.status, last4: payout.method?.ibanLast4 })}`);
    },
  },
  {
    id: 'add-and-list-payout-methods',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en),
    phrasings: [
      ['add my paypal lena.vogt@example.com for payouts', { click: 'confirm' }, 'which payout methods do I have?'],
      ['please save lena.vogt@example.com as my PayPal', { click: 'confirm' }, 'show my payout methods'],
      ['I want my money to go to PayPal: lena.vogt@example.com', { click: 'confirm' }, 'where will my payouts go?'],
    ],
    check: async (r) => {
      const method = await r.app.deps.db.prisma.payoutMethod.findFirst({ where: { userId: r.market?.seeker.id, paypalEmail: 'lena.vogt@example.com' } });
      const listed = await called('listPayoutMethods')(r);
      return method ? listed : 'no PayPal method stored';
    },
  },
  {
    id: 'save-favourite',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de, { deal: 'completed' }),
    phrasings: [
      ['Merk dir Müller Sanitär als Favorit'],
      ['Füg Müller Sanitär zu meinen Favoriten hinzu'],
      ['Den Anbieter von meinem letzten Auftrag will ich mir merken'],
    ],
    check: async (r) => {
      const fav = await r.app.deps.db.prisma.favorite.findFirst({ where: { userId: r.market?.seeker.id, providerId: r.market?.providers[0]?.id } });
      return ok(Boolean(fav), 'no favourite stored');
    },
  },
  {
    id: 'german-on-an-english-page',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en),
    phrasings: [['Welche Angebote habe ich bekommen?'], ['Zeig mir bitte meine Angebote'], ['Hat schon jemand auf meine Anfrage geantwortet?']],
    check: async (r) => {
      const last = r.conversation.turns.at(-1);
      return ok(
        lastTools(r.conversation).includes('listOffers') && /\b(Angebot|Angebote|du)\b/.test(last?.text ?? ''),
        `replied ${JSON.stringify(last?.text.slice(0, 80))}`,
      );
    },
  },
  {
    id: 'export-my-data',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en, { offers: false }),
    phrasings: [['I want a copy of all my data'], ['download everything you store about me'], ['GDPR data export please']],
    check: called('exportMyData'),
  },
  {
    id: 'new-conversation',
    role: 'seeker',
    lang: de,
    setup: seekerWith(de, { offers: false }),
    phrasings: [['Lass uns nochmal von vorne anfangen'], ['Neues Gespräch bitte'], ['Ich will einen neuen Chat starten']],
    check: called('startNewConversation'),
  },
  {
    id: 'earnings',
    role: 'seeker',
    lang: en,
    setup: seekerWith(en, { deal: 'completed' }),
    phrasings: [['how much money have I made so far?'], ['what is my balance?'], ['did I earn anything from the plumbing job?']],
    check: called('showBalance'),
  },

  // ----- Providers: finding work, unlocking, offering, the profile.
  {
    id: 'list-matches',
    role: 'provider',
    lang: de,
    setup: freshProvider(de),
    phrasings: [['Gibt es neue Aufträge für mich?'], ['zeig mir passende Anfragen'], ['was liegt an in meiner Gegend?']],
    check: called('listMatches'),
  },
  {
    id: 'unlock-by-place',
    role: 'provider',
    lang: en,
    setup: freshProvider(en),
    phrasings: [
      ['unlock the job in Köln', { click: 'confirm' }],
      ['I want the contact details for the tap repair', { click: 'confirm' }],
      ['open up that Köln request for me', { click: 'confirm' }],
    ],
    check: async (r) => {
      const u = await r.app.deps.db.prisma.unlock.findFirst({ where: { providerId: r.extra.providerId!, requestId: r.market?.requestId } });
      return ok(Boolean(u), 'not unlocked');
    },
  },
  {
    id: 'offer-in-one-sentence',
    role: 'provider',
    lang: de,
    setup: freshProvider(de, true),
    phrasings: [
      ['Angebot für die Anfrage in Köln: 220 €, neue Kartusche inkl. Montage, morgen ab 8 Uhr', { form: 'offer' }],
      ['Ich mach das für 220 Euro, morgen ab 8 Uhr, neue Kartusche inklusive Montage', { form: 'offer' }],
      ['biete 220 € an: kartusche tauschen inkl montage, termin morgen ab 8 uhr', { form: 'offer' }],
    ],
    check: async (r) => {
      const o = await r.app.deps.db.prisma.offer.findFirst({ where: { providerId: r.extra.providerId!, requestId: r.market?.requestId } });
      return ok(
        o?.priceCents === 22000 && /morgen/i.test(o.verfuegbarkeit) && /kartusche/i.test(o.beschreibung),
        `offer ${JSON.stringify(o && { price: o.priceCents, v: o.verfuegbarkeit, b: o.beschreibung })}`,
      );
    },
  },
  {
    id: 'withdraw-offer',
    role: 'provider',
    lang: de,
    setup: providerOfMarket(de),
    phrasings: [
      ['Zieh mein Angebot zurück', { click: 'confirm' }],
      ['Ich will mein Angebot für die Köln-Anfrage zurücknehmen', { click: 'confirm' }],
      ['Das Angebot über 350 € bitte stornieren', { click: 'confirm' }],
    ],
    check: async (r) => {
      const o = await r.app.deps.db.prisma.offer.findUnique({ where: { id: r.market?.offers[0]! } });
      return ok(o?.status === 'zurueckgezogen', `offer ${o?.status}`);
    },
  },
  {
    id: 'dismiss-match',
    role: 'provider',
    lang: de,
    setup: freshProvider(de),
    phrasings: [
      ['Die Anfrage in Köln interessiert mich nicht'],
      ['Kein Interesse an dem Wasserhahn-Auftrag'],
      ['blende die Köln-Anfrage aus, ist nix für mich'],
    ],
    check: async (r) => {
      const m = await r.app.deps.db.prisma.match.findFirst({ where: { providerId: r.extra.providerId!, requestId: r.market?.requestId } });
      return ok(m?.status === 'kein_interesse', `match ${m?.status}`);
    },
  },
  {
    id: 'radius-with-correction',
    role: 'provider',
    lang: de,
    setup: freshProvider(de),
    phrasings: [
      ['Ab jetzt bitte 25 km Umkreis', 'nein, 30 km', { click: 'confirm' }],
      ['Setz meinen Radius auf 25 km', 'Moment, lieber 30 km', { click: 'confirm' }],
      ['ändere den Umkreis auf 25 Kilometer', 'ach nee, mach 30 km draus', { click: 'confirm' }],
    ],
    check: async (r) => {
      const p = await r.app.deps.db.prisma.providerProfile.findUnique({ where: { userId: r.extra.providerId! } });
      return ok(p?.radiusKm === 30, `radius ${p?.radiusKm}`);
    },
  },
  {
    id: 'pause-requests',
    role: 'provider',
    lang: en,
    setup: freshProvider(en),
    phrasings: [
      ["I'm on holiday, stop sending me requests", { click: 'confirm' }],
      ['pause my leads for now please', { click: 'confirm' }],
      ["Don't send me any new jobs for the time being", { click: 'confirm' }],
    ],
    check: async (r) => {
      const p = await r.app.deps.db.prisma.providerProfile.findUnique({ where: { userId: r.extra.providerId! } });
      return ok(p?.acceptsMatches === false, `acceptsMatches ${p?.acceptsMatches}`);
    },
  },
  {
    id: 'buy-goints',
    role: 'provider',
    lang: de,
    setup: freshProvider(de),
    phrasings: [['Ich brauche mehr Goints'], ['Mein Guthaben reicht nicht mehr, wie lade ich auf?'], ['Goints nachkaufen']],
    check: called('buyGoints'),
  },
  {
    id: 'sent-offers',
    role: 'provider',
    lang: en,
    setup: providerOfMarket(en),
    phrasings: [['which offers did I send?'], ['has anyone accepted my offer yet?'], ['show me the quotes I sent out']],
    check: called('listSentOffers'),
  },
  {
    id: 'provider-confirms-deal',
    role: 'provider',
    lang: de,
    setup: providerOfMarket(de, { deal: 'accepted' }),
    phrasings: [
      ['Auftrag erledigt, Deal bestätigen', { click: 'confirm' }],
      ['Ich war heute da und hab alles repariert, bitte bestätigen', { click: 'confirm' }],
      ['Der Job in Köln ist fertig, ich bestätige', { click: 'confirm' }],
    ],
    check: async (r) => {
      const deal = await r.app.deps.db.prisma.deal.findFirst({ where: { offerId: r.market?.offers[0]! } });
      return ok(Boolean(deal?.providerConfirmedAt), 'the provider did not confirm');
    },
  },

  // ----- Partners.
  {
    id: 'referral-link',
    role: 'partner',
    lang: de,
    setup: partner(de),
    phrasings: [['Wie lautet mein Empfehlungslink?'], ['Ich will Freunde einladen, was muss ich ihnen schicken?'], ['wo finde ich meinen partner code']],
    check: called('showReferralCode'),
  },
  {
    id: 'marketing-text-english-instagram',
    role: 'partner',
    lang: de,
    setup: partner(de),
    phrasings: [
      ['Gib mir einen Text für Instagram auf Englisch'],
      ['Ich brauche einen englischen Post für Insta'],
      ['Hast du was zum Posten auf Instagram, aber auf Englisch?'],
    ],
    check: async (r) => {
      const part = r.conversation.turns.at(-1)?.tools.find((t) => t.toolName === 'showMarketingText');
      return ok((part?.input as { lang?: string } | undefined)?.lang === 'en', `marketing text ${JSON.stringify(part?.input)}`);
    },
  },
  {
    id: 'partner-network',
    role: 'partner',
    lang: en,
    setup: partner(en),
    phrasings: [['how many people have I brought in?'], ['show me my network per level'], ['how big is my downline?']],
    check: called('showPartnerNetwork'),
  },
  {
    id: 'support-message',
    role: 'partner',
    lang: de,
    setup: partner(de),
    phrasings: [
      ['Sag dem Support, dass meine Provision vom Mai fehlt', { click: 'confirm' }],
      ['Kontaktiere bitte einen Admin für mich, ich habe ein Problem mit meinem Konto', { click: 'confirm' }],
      ['Schreib dem Team: mein Empfehlungslink funktioniert nicht', { click: 'confirm' }],
    ],
    check: async (r) => {
      const n = await r.app.deps.db.prisma.supportMessage.count({ where: { senderId: r.extra.userId! } });
      return ok(n > 0, 'no support message stored');
    },
  },
  {
    id: 'partner-earnings',
    role: 'partner',
    lang: en,
    setup: partner(en),
    phrasings: [['how much commission have I earned?'], ['what did my referrals bring me this month?'], ['show my partner earnings']],
    check: called('showPartnerEarnings'),
  },

  // ----- Admins.
  {
    id: 'price-in-goints',
    role: 'admin',
    lang: de,
    setup: admin(de),
    phrasings: [
      ['Handwerk soll ab jetzt 80 Goints kosten', { click: 'confirm' }],
      ['Setz den Freischaltpreis für Handwerk auf 8 Euro', { click: 'confirm' }],
      ['Handwerker-Anfragen bitte auf 80 Goints hochsetzen', { click: 'confirm' }],
    ],
    check: async (r) => {
      const e = await r.app.deps.db.prisma.priceListEntry.findFirst({ where: { industryCategory: 'handwerk' }, orderBy: { updatedAt: 'desc' } });
      return ok(e?.basePriceCents === 800, `price ${e?.basePriceCents}`);
    },
  },
  {
    id: 'commission-level',
    role: 'admin',
    lang: en,
    setup: admin(en),
    phrasings: [
      ['set level 2 to 15%', { click: 'confirm' }],
      ['the second level should get 15 percent of the pool', { click: 'confirm' }],
      ['change tier 2 commission to 15 %', { click: 'confirm' }],
    ],
    check: async (r) => {
      const plan = await r.app.deps.db.prisma.commissionPlan.findFirst({ orderBy: { createdAt: 'desc' } });
      const levels = (plan as { levelsBp?: number[] } | null)?.levelsBp;
      return ok(levels?.[1] === 1500, `levels ${JSON.stringify(levels)}`);
    },
  },
  {
    id: 'moderation-queue',
    role: 'admin',
    lang: en,
    setup: admin(en),
    phrasings: [['what is waiting for review?'], ['show me the flagged requests'], ['anything held back by the filter?']],
    check: async (r) => {
      const part = r.conversation.turns.at(-1)?.tools.find((t) => t.toolName === 'adminListRequests');
      return ok((part?.input as { filter?: string } | undefined)?.filter === 'flagged', `called ${JSON.stringify(lastTools(r.conversation))}`);
    },
  },
  {
    id: 'follow-up-step-after-3',
    role: 'admin',
    lang: de,
    setup: admin(de),
    phrasings: [
      ['Füge nach Schritt 3 hinzu: Kurze Frage vorab! / Quick question first!', { click: 'confirm' }],
      ['Neuer Schritt nach Schritt 3: "Kurze Frage vorab!" / "Quick question first!"', { click: 'confirm' }],
      ['Bitte nach der dritten Nachricht einfügen: Kurze Frage vorab! | Quick question first!', { click: 'confirm' }],
    ],
    check: async (r) => {
      const { workingScript } = await import('../../server/domain/follow-up/follow-up-versions.ts');
      const script = await workingScript(r.app.deps.db.prisma);
      const step = script.steps[3];
      return ok(step?.content.de === 'Kurze Frage vorab!' && step.content.en === 'Quick question first!', `step 4 ${JSON.stringify(step?.content)}`);
    },
  },
  {
    id: 'suspend-user',
    role: 'admin',
    lang: en,
    setup: async (app) => {
      const base = await admin(en)(app);
      await createUser(app.deps.db.prisma, { email: 'spam.sender@example.com', name: 'Spam Sender' });
      return base;
    },
    phrasings: [
      ['suspend spam.sender@example.com for fake requests', { click: 'confirm' }],
      ['block the account spam.sender@example.com, reason: spam', { click: 'confirm' }],
      ['please lock spam.sender@example.com out, they keep posting fake jobs', { click: 'confirm' }],
    ],
    check: async (r) => {
      const u = await r.app.deps.db.prisma.user.findUnique({ where: { email: 'spam.sender@example.com' } });
      return ok(Boolean(u?.suspendedAt), 'not suspended');
    },
  },
  {
    id: 'recent-activity',
    role: 'admin',
    lang: de,
    setup: admin(de),
    phrasings: [['Was ist heute passiert?'], ['Was gab es zuletzt Neues auf der Plattform?'], ['zeig mir die letzten Aktivitäten']],
    check: called('getRecentActivity'),
  },
  {
    id: 'platform-overview',
    role: 'admin',
    lang: en,
    setup: admin(en),
    phrasings: [['how many users do we have?'], ['give me the key figures'], ['platform stats please']],
    check: called('getPlatformOverview'),
  },
];

/** A provider request in another category, for tasks that need two. */
export async function extraRequest(app: TestApp, seekerId: string) {
  return createReleasedRequest(app.deps, seekerId, {
    kategorie: 'elektronik',
    beschreibung: 'Das Display meines Laptops ist gesprungen und muss ersetzt werden.',
  });
}
