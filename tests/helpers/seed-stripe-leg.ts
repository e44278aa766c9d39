// Seeds the database of a browser test's own app process before it starts (PGlite is one process's at a time):
// an admin with TOTP enrolled (as scripts/e2e-server.ts does for the shared server) and a person with deal
// earnings already booked (as tests/integration/stripe-connect-payouts.integration.test.ts gives them), so the
// Stripe payout leg can start at the request. Run as `node tests/helpers/seed-stripe-leg.ts <json>`; prints the
// people as JSON.
import { z } from 'zod';
import { openDatabase } from '../../server/db.ts';
import { createOrPromoteAdmin } from '../../server/domain/users/create-or-promote-admin.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { enableTotp } from '../factories/two-factor.ts';
import { createUser } from '../factories/users.ts';

const input = z
  .object({
    pgliteDir: z.string().min(1),
    authSecret: z.string().min(32),
    password: z.string().min(8),
    admin: z.object({ email: z.string().email(), totpRawSecret: z.string().min(16), backupCodes: z.array(z.string()) }),
    seeker: z.object({ email: z.string().email(), name: z.string(), locale: z.enum(['de', 'en']), earningsCents: z.number().int().positive() }),
  })
  .parse(JSON.parse(process.argv[2] ?? '{}'));

const db = await openDatabase({ kind: 'pglite', dir: input.pgliteDir });
try {
  const admin = await createOrPromoteAdmin(db.prisma, { email: input.admin.email, password: input.password, name: 'Ada Admin' });
  await enableTotp(db.prisma, {
    userId: admin.userId,
    email: input.admin.email,
    authSecret: input.authSecret,
    rawSecret: input.admin.totpRawSecret,
    backupCodes: input.admin.backupCodes,
  });
  const seeker = await createUser(db.prisma, {
    email: input.seeker.email,
    password: input.password,
    name: input.seeker.name,
    role: 'seeker',
    locale: input.seeker.locale,
  });
  await inTransaction(db.prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: `e2e-earnings:${seeker.id}`,
      kind: 'test_setup',
      reference: seeker.id,
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(input.seeker.earningsCents) },
        { account: account.seekerEarnings(seeker.id), amount: centsToMilli(input.seeker.earningsCents) },
      ],
    }),
  );
  process.stdout.write(JSON.stringify({ adminId: admin.userId, seekerId: seeker.id }) + '\n');
} finally {
  await db.close();
}
