// Two admins saving the same configuration at the same instant (found while building the admin area): the
// very first follow-up draft was created twice and the second insert hit the unique version number (500);
// two plan changes based on the same plan both passed the pin check. Each configuration's writes now take
// a transaction-scoped advisory lock first, so the second writer sees the first one's row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser } from '../factories/users.ts';
import { saveFollowUpDraft } from '../../server/domain/follow-up/save-follow-up-draft.ts';
import { defaultFollowUpScript } from '../../server/intake/follow-up-script.ts';
import { updateCommissionPlan } from '../../server/domain/affiliate/update-commission-plan.ts';
import { getCommissionPlan } from '../../server/domain/affiliate/get-commission-plan.ts';
import { isAppError } from '../../core/errors.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

describe('admins saving the same configuration at once', () => {
  it('two first drafts of the follow-up script: both saves succeed and there is one draft', async () => {
    const prisma = app.deps.db.prisma;
    const [a, b] = await Promise.all([createUser(prisma, { role: 'admin' }), createUser(prisma, { role: 'admin' })]);
    const script = defaultFollowUpScript();
    const results = await Promise.allSettled([
      saveFollowUpDraft(prisma, { actorId: a.id, script, via: 'dashboard' }),
      saveFollowUpDraft(prisma, { actorId: b.id, script: { ...script, steps: script.steps.slice().reverse() }, via: 'dashboard' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await prisma.followUpScriptVersion.count({ where: { status: 'draft' } })).toBe(1);
  });

  it('two plan changes based on the same plan: one is saved, the other is refused as changed', async () => {
    const prisma = app.deps.db.prisma;
    const [a, b] = await Promise.all([createUser(prisma, { role: 'admin' }), createUser(prisma, { role: 'admin' })]);
    const seen = await getCommissionPlan(prisma);
    const rowsBefore = await prisma.commissionPlan.count();
    const results = await Promise.allSettled([
      updateCommissionPlan(prisma, a.id, { preset: 'two_levels' }, { basedOn: seen.changedAt }),
      updateCommissionPlan(prisma, b.id, { preset: 'ten_levels' }, { basedOn: seen.changedAt }),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const reason = (refused[0] as PromiseRejectedResult).reason;
    expect(isAppError(reason) && reason.code).toBe('COMMISSION_PLAN_CHANGED');
    expect(await prisma.commissionPlan.count()).toBe(rowsBefore + 1);
  });
});
