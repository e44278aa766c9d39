// npm run seed: demo data for the default run, built by the same factories and domain commands as the
// tests. Idempotent: running it again finds the same people and adds nothing twice. All demo people and
// companies are fictional and use the reserved example.com domain.
import { loadConfig } from '../server/config.ts';
import { buildDeps, closeDeps } from '../server/bootstrap.ts';
import { createLogger } from '../server/logger.ts';
import { exitOnStartupError } from '../server/startup-error.ts';
import type { AppDeps } from '../server/deps.ts';
import type { CategoryId } from '../core/categories/category-ids.ts';
import { upsertProviderProfile } from '../server/domain/providers/upsert-provider-profile.ts';
import { upsertTraderDetails } from '../server/domain/providers/trader-details.ts';
import { matchProviderToOpenRequests } from '../server/domain/matching/match-provider.ts';
import { createOffer } from '../server/domain/offers/create-offer.ts';
import { acceptOffer } from '../server/domain/offers/accept-offer.ts';
import { confirmDeal } from '../server/domain/deals/confirm-deal.ts';
import { rateDeal } from '../server/domain/deals/rate-deal.ts';
import { upsertUser } from '../tests/factories/users.ts';
import { createReleasedRequest, grantGoints, traderDetailsFor, unlockAtQuotedPrice } from '../tests/factories/marketplace.ts';

export const DEMO_PASSWORD = 'akut-demo-2026';

const DEMO_PROVIDERS: { email: string; name: string; firmenname: string; categories: CategoryId[]; postcode: string; description: string; phone: string }[] = [
  {
    email: 'demo.anbieter@example.com',
    name: 'Peter Demo',
    firmenname: 'Demo Haustechnik Peters',
    categories: ['handwerk'],
    postcode: '50667',
    description: 'Sanitär, Heizung und Elektro aus einer Hand. Meisterbetrieb, Notdienst auch am Wochenende.',
    phone: '+49 221 5550101',
  },
  {
    email: 'demo.autohaus@example.com',
    name: 'Anja Demo',
    firmenname: 'Demo Autohaus Rheinblick',
    categories: ['auto'],
    postcode: '50823',
    description: 'Gebrauchtwagen mit Garantie, Inspektion und Reparatur aller Marken.',
    phone: '+49 221 5550202',
  },
  {
    email: 'demo.catering@example.com',
    name: 'Carlo Demo',
    firmenname: 'Demo Catering Carlo',
    categories: ['gastronomie', 'essen'],
    postcode: '50672',
    description: 'Catering für Firmenfeiern, Hochzeiten und Geburtstage von 10 bis 300 Gästen.',
    phone: '+49 221 5550303',
  },
];

const DEMO_REQUESTS: {
  kategorie: CategoryId;
  beschreibung: string;
  postcode: string;
  budgetMin: number | null;
  budgetMax: number | null;
  dringlichkeit: 'sehr_dringend' | 'dringend' | 'normal' | 'niedrig';
}[] = [
  {
    kategorie: 'handwerk',
    beschreibung: 'Die Heizung im Reihenhaus fällt immer wieder aus, wir haben kein warmes Wasser mehr.',
    postcode: '50667',
    budgetMin: 200,
    budgetMax: 600,
    dringlichkeit: 'sehr_dringend',
  },
  {
    kategorie: 'handwerk',
    beschreibung: 'Badezimmer mit 8 Quadratmetern neu fliesen, Fliesen sind schon gekauft.',
    postcode: '50674',
    budgetMin: 1000,
    budgetMax: 2000,
    dringlichkeit: 'normal',
  },
  {
    kategorie: 'auto',
    beschreibung: 'Suche einen gebrauchten Kombi mit wenig Kilometern und neuem TÜV für die Familie.',
    postcode: '50825',
    budgetMin: 8000,
    budgetMax: 12000,
    dringlichkeit: 'dringend',
  },
  {
    kategorie: 'gastronomie',
    beschreibung: 'Catering für eine Firmenfeier mit 60 Gästen im Dezember, gerne mit vegetarischem Buffet.',
    postcode: '50670',
    budgetMin: 1500,
    budgetMax: 3000,
    dringlichkeit: 'niedrig',
  },
];

export async function seed(deps: AppDeps) {
  const prisma = deps.db.prisma;
  const partner = await upsertUser(prisma, { email: 'demo.partner@example.com', name: 'Paula Demo', role: 'seeker', password: DEMO_PASSWORD });
  // The demo seeker came through the demo partner's link (demo Goints are promotional, so her demo deal earns
  // no commission: commissions come only from paid revenue).
  const seeker = await upsertUser(prisma, {
    email: 'demo.suchende@example.com',
    name: 'Sabine Demo',
    role: 'seeker',
    password: DEMO_PASSWORD,
    referredById: partner.id,
  });
  const referred = await upsertUser(prisma, {
    email: 'demo.geworben@example.com',
    name: 'Gerd Demo',
    role: 'provider',
    password: DEMO_PASSWORD,
    referredById: partner.id,
  });
  const providers = [];
  for (const p of DEMO_PROVIDERS) {
    const user = await upsertUser(prisma, { email: p.email, name: p.name, role: 'provider', password: DEMO_PASSWORD });
    if (!(await prisma.providerProfile.findUnique({ where: { userId: user.id } }))) {
      await upsertProviderProfile(prisma, user.id, {
        firmenname: p.firmenname,
        categories: p.categories,
        postcode: p.postcode,
        radiusKm: 40,
        description: p.description,
        phone: p.phone,
        email: p.email,
      });
      await grantGoints(prisma, user.id, 100, `seed:goints:${user.id}`);
    }
    // Demo data: a made-up register entry (the demo accounts are labelled fictional); also for a database seeded before.
    if (!(await prisma.traderDetails.findUnique({ where: { providerId: user.id } })))
      await upsertTraderDetails(
        prisma,
        user.id,
        traderDetailsFor(p.firmenname, { postcode: p.postcode, city: 'Demo-Stadt', registerNumber: 'Demo 0000 (erfunden)' }),
      );
    providers.push(user);
  }

  // The demo seeker's requests, once: released, matched, one of them with offers and a completed, rated deal.
  if ((await prisma.request.count({ where: { userId: seeker.id } })) === 0) {
    const ids: string[] = [];
    for (const r of DEMO_REQUESTS) ids.push((await createReleasedRequest(deps, seeker.id, { ...r, firstName: 'Sabine' })).id);
    for (const p of providers) await matchProviderToOpenRequests(deps, p.id);
    const [heating, bathroom] = ids as [string, string];
    const [haustechnik] = providers as [(typeof providers)[number]];
    await unlockAtQuotedPrice(deps, haustechnik.id, heating);
    const offer = await createOffer(deps, haustechnik.id, {
      requestId: heating,
      price: 420,
      beschreibung: 'Fehlersuche und Reparatur der Gastherme, Ersatzteile inklusive.',
      verfuegbarkeit: 'Morgen ab 8 Uhr',
    });
    const { dealId } = await acceptOffer(deps, seeker.id, offer.id);
    await confirmDeal(deps, haustechnik.id, dealId);
    await confirmDeal(deps, seeker.id, dealId);
    await rateDeal(prisma, seeker.id, dealId, {
      rating: 5,
      testimonial: 'Am nächsten Morgen war der Techniker da, die Heizung läuft wieder. Sehr freundlich!',
      showFirstName: true,
      contactVisible: false,
    });
    await unlockAtQuotedPrice(deps, haustechnik.id, bathroom);
    await createOffer(deps, haustechnik.id, {
      requestId: bathroom,
      price: 1650,
      beschreibung: 'Fliesenarbeiten inklusive Abdichtung und Entsorgung der alten Fliesen.',
      verfuegbarkeit: 'In zwei Wochen, Dauer drei Tage',
    });
  }
  return { seeker, partner, referred, providers };
}

if (import.meta.main) {
  const config = loadConfig();
  // The demo's e-mails go to the outbox quietly; the summary below is what the person reads.
  const deps = await buildDeps(config, { logger: createLogger('warn') }).catch(exitOnStartupError);
  try {
    const people = await seed(deps);
    console.log(`Demo data ready (password for every demo account: ${DEMO_PASSWORD}):`);
    for (const p of [people.seeker, people.partner, people.referred, ...people.providers]) console.log(`  ${p.role.padEnd(8)} ${p.email}`);
  } finally {
    await closeDeps(deps);
  }
}
