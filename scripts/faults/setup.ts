// The data the load starts from, built with the project's own factories (as the tests and the demo seed
// do): providers with profiles (and their welcome bonus), verified seekers with released requests, a
// PayPal payout method and some earnings per seeker, and an admin with TOTP enrolled.
import crypto from 'node:crypto';
import { loadConfig } from '../../server/config.ts';
import { buildDeps, closeDeps } from '../../server/bootstrap.ts';
import { createLogger } from '../../server/logger.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { addPayoutMethod } from '../../server/domain/payouts/payout-methods.ts';
import { createUser } from '../../tests/factories/users.ts';
import { enableTotp } from '../../tests/factories/two-factor.ts';
import { createProvider, createReleasedRequest, createSeeker, grantGoints } from '../../tests/factories/marketplace.ts';
import { getReferralCode } from '../../server/domain/affiliate/get-referral-code.ts';

export interface Person {
  id: string;
  email: string;
  password: string;
}
export interface SetupResult {
  providers: Person[];
  seekers: (Person & { methodId: string; requestIds: string[] })[];
  admin: Person & { totpUri: string };
  /** Kept out of the load (another city): a provider and six requests matched only to it, for the live-event check. */
  probe: { provider: Person; requestIds: string[] };
  /** A partner whose referral code the load's sign-ups carry. */
  partner: { id: string; code: string };
}

// Distinct enough that the duplicate check (word similarity per seeker) holds none of them for review.
const DESCRIPTIONS = [
  'Die Heizung im Einfamilienhaus fällt immer wieder aus und muss repariert werden.',
  'Im Badezimmer tropft der Wasserhahn seit Tagen, bitte Dichtung tauschen und Armatur prüfen.',
  'Drei Zimmertüren klemmen nach dem Umbau, sie sollen gehobelt und neu eingestellt werden.',
  'Für den Garten suchen wir jemanden, der einen Holzzaun von zwanzig Metern Länge aufstellt.',
  'Die Dachrinne am Carport ist undicht und voller Laub, Reinigung und Abdichtung gewünscht.',
  'Küchenarbeitsplatte aus Eiche zuschneiden, einbauen und Spüle samt Anschlüssen montieren.',
  'Laminat in zwei Kinderzimmern verlegen, etwa vierzig Quadratmeter, Sockelleisten inklusive.',
  'Steckdosen im Keller funktionieren nicht mehr, Elektriker soll Leitungen und Sicherungen prüfen.',
];

export const FAULT_SETUP = { welcomeGoints: 50, grantGoints: 400, seekerEarningsCents: 3_000, descriptions: DESCRIPTIONS.length };

export async function setupData(env: Record<string, string>, opts: { providers: number; seekers: number; requestsPerSeeker: number }): Promise<SetupResult> {
  const config = loadConfig({ ...env, EVENT_BUS: 'memory' });
  const deps = await buildDeps(config, { logger: createLogger('silent') });
  try {
    const password = 'faults-correct-horse-battery';
    const adminUser = await createUser(deps.db.prisma, { role: 'admin', email: 'faults-admin@example.com', password, name: 'Fault Admin' });
    const totpUri = await enableTotp(deps.db.prisma, { userId: adminUser.id, email: adminUser.email, authSecret: env.AUTH_SECRET! });

    const providers: Person[] = [];
    for (let i = 0; i < opts.providers; i++) {
      const { user } = await createProvider(deps, {
        user: { email: `faults-provider-${i}@example.com`, password, name: `Anbieter ${i}` },
        categories: ['handwerk'],
        postcode: '50667',
        radiusKm: 50,
      });
      // Goodwill Goints, so unlocks can start before the first purchase is paid.
      await grantGoints(deps.db.prisma, user.id, FAULT_SETUP.grantGoints, `faults-grant:${user.id}`);
      providers.push({ id: user.id, email: user.email, password });
    }

    const seekers: SetupResult['seekers'] = [];
    for (let i = 0; i < opts.seekers; i++) {
      const user = await createSeeker(deps.db.prisma, { email: `faults-seeker-${i}@example.com`, password, name: `Suchende ${i}` });
      const requestIds: string[] = [];
      for (let j = 0; j < opts.requestsPerSeeker; j++) {
        const r = await createReleasedRequest(deps, user.id, { beschreibung: DESCRIPTIONS[j % DESCRIPTIONS.length]!, firstName: `Sam${i}` });
        if (r.status !== 'open') throw new Error(`setup: request ${j} of seeker ${i} was not released (${r.status})`);
        requestIds.push(r.id);
      }
      const method = await addPayoutMethod(deps, user.id, { type: 'paypal', email: `faults-seeker-${i}@example.com` });
      // Earnings to pay out from the start, booked like the payouts tests do; deals add more during the load.
      await inTransaction(deps.db.prisma, (tx) =>
        postTransaction(tx, {
          idempotencyKey: `faults-earnings:${user.id}`,
          kind: 'test_setup',
          reference: user.id,
          lines: [
            { account: account.promotion(), amount: -centsToMilli(FAULT_SETUP.seekerEarningsCents) },
            { account: account.seekerEarnings(user.id), amount: centsToMilli(FAULT_SETUP.seekerEarningsCents) },
          ],
        }),
      );
      seekers.push({ id: user.id, email: user.email, password, methodId: method.id, requestIds });
    }
    const { user: probeProvider } = await createProvider(deps, {
      user: { email: 'faults-probe-provider@example.com', password, name: 'Probe' },
      categories: ['handwerk'],
      postcode: '10115',
      radiusKm: 30,
    });
    await grantGoints(deps.db.prisma, probeProvider.id, 300, `faults-grant:${probeProvider.id}`);
    const probeSeeker = await createSeeker(deps.db.prisma, { email: 'faults-probe-seeker@example.com', password, name: 'Probe Suchende' });
    const probeRequests: string[] = [];
    for (const beschreibung of DESCRIPTIONS.slice(0, 6)) {
      const r = await createReleasedRequest(deps, probeSeeker.id, { beschreibung, postcode: '10115' });
      if (r.status !== 'open') throw new Error(`setup: a probe request was not released (${r.status})`);
      probeRequests.push(r.id);
    }
    const partner = await createUser(deps.db.prisma, { email: 'faults-partner@example.com', password, name: 'Partnerin' });
    const code = await getReferralCode(deps.db.prisma, partner.id);
    return {
      partner: { id: partner.id, code },
      providers,
      seekers,
      admin: { id: adminUser.id, email: adminUser.email, password, totpUri },
      probe: { provider: { id: probeProvider.id, email: probeProvider.email, password }, requestIds: probeRequests },
    };
  } finally {
    await closeDeps(deps);
  }
}

export const randomKey = () => crypto.randomUUID();
