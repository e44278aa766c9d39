// npm run seed: demo data for the default run, built by the same factories as the tests. Idempotent:
// running it again finds the same people and adds nothing twice. All demo people are fictional and use
// the reserved example.com domain.
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db.ts';
import { upsertUser } from '../tests/factories/users.ts';

export const DEMO_PASSWORD = 'akut-demo-2026';

export async function seed(prisma: Parameters<typeof upsertUser>[0]) {
  const seeker = await upsertUser(prisma, { email: 'demo.suchende@example.com', name: 'Sabine Demo', role: 'seeker', password: DEMO_PASSWORD });
  const provider = await upsertUser(prisma, { email: 'demo.anbieter@example.com', name: 'Peter Demo', role: 'provider', password: DEMO_PASSWORD });
  const partner = await upsertUser(prisma, { email: 'demo.partner@example.com', name: 'Paula Demo', role: 'seeker', password: DEMO_PASSWORD });
  const referred = await upsertUser(prisma, { email: 'demo.geworben@example.com', name: 'Gerd Demo', role: 'provider', password: DEMO_PASSWORD, referredById: partner.id });
  return { seeker, provider, partner, referred };
}

if (import.meta.main) {
  const config = loadConfig();
  const db = await openDatabase(config.database);
  try {
    const people = await seed(db.prisma);
    console.log(`Demo data ready (password for every demo account: ${DEMO_PASSWORD}):`);
    for (const p of Object.values(people)) console.log(`  ${p.role.padEnd(8)} ${p.email}`);
  } finally {
    await db.close();
  }
}
