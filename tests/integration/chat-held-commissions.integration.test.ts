// Held commissions by chat (issue 25): an admin lists the commissions a fraud rule held back (who, amount,
// deal, why), releases one and voids one with a reason, in German and English, naming it by its reference, the
// partner's name, the amount or its place in the list. Both decisions move money: nothing changes before the
// admin's click on the card, the click runs the same domain command as the 'Provisionsprüfung' tab (audited via
// 'chat', the partner told the reason of a void), a repeated click changes nothing twice, and nobody but an
// admin gets there. Every test ends with a consistent ledger.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { clientAs, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart, type ChatTurn } from '../helpers/chat.ts';
import { expectLedgerConsistent } from '../helpers/ledger-invariants.ts';
import { bookDealRevenue } from '../factories/commissions.ts';
import { createUser } from '../factories/users.ts';
import { createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { getBalance } from '../../server/domain/ledger/get-balance.ts';
import { goints } from '../../core/money/money.ts';
import { formatEuro } from '../../core/money/format-money.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  if (app) await expectLedgerConsistent(app.deps.db.prisma);
  await app?.close();
});

const prisma = () => app.deps.db.prisma;
const platform = () => getBalance(prisma(), account.platformRevenue());
const partnerPending = (id: string) => getBalance(prisma(), account.partnerPending(id));
const statusOf = async (id: string) => (await prisma().commission.findUniqueOrThrow({ where: { id } })).status;

/** A deal's platform revenue booked straight into the engine, with its commissions (held when a fraud rule matches). */
const bookDeal = (seekerId: string, providerId: string, revenueGoints: number) => bookDealRevenue(prisma(), seekerId, providerId, revenueGoints);

/** A partner whose referred provider has an address of the partner's own company domain: one held commission (8 % of the revenue). */
async function heldByEmailPattern(name: string, revenueGoints: number) {
  const domain = `${crypto.randomUUID().slice(0, 6)}-gmbh.de`;
  const partner = await createUser(prisma(), { name, email: `chef@${domain}` });
  const referred = await createUser(prisma(), { role: 'provider', name: `${name.split(' ')[0]}s Azubi`, email: `azubi@${domain}`, referredById: partner.id });
  const { dealId, booked } = await bookDeal((await createSeeker(prisma())).id, referred.id, revenueGoints);
  expect(booked).toEqual([expect.objectContaining({ partnerId: partner.id, status: 'held' })]);
  return { partner, dealId, id: booked[0]!.id, ref: booked[0]!.id.slice(0, 6) };
}

/** One partner brought in both the seeker and the provider of a deal: both commissions are held. */
async function heldOnBothSides(name: string, revenueGoints: number) {
  const partner = await createUser(prisma(), { name });
  const seeker = await createSeeker(prisma(), { referredById: partner.id });
  const provider = await createUser(prisma(), { role: 'provider', referredById: partner.id });
  const { dealId, booked } = await bookDeal(seeker.id, provider.id, revenueGoints);
  expect(booked.map((b) => b.status)).toEqual(['held', 'held']);
  return { partner, dealId, ids: booked.map((b) => b.id) };
}

type Change = { subject: string; rows: { label: string; before: string | null; after: string | null }[] };
type Pending = { confirmation: { id: string }; data: { change: Change; ref: string; amount: string } };

function pending(turn: ChatTurn, tool: string): Pending {
  const part = toolPart(turn, tool);
  expect(part.output, `${tool}: ${turn.text}`).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
  return part.output as unknown as Pending;
}

const confirm = (c: TestClient, sessionId: string, id: string) =>
  c.post<{ status: string; repeated: boolean; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: id,
    decision: 'confirm',
  });

const row = (change: Change, label: string) => change.rows.find((r) => r.label === label);
const auditOf = (entityId: string) =>
  prisma().auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' }, select: { action: true, via: true, actorId: true, reason: true } });

describe('held commissions by chat', () => {
  it('lists the held commissions with who, amount, deal and why held, each with its buttons (de and en)', async () => {
    const greta = await heldByEmailPattern('Greta Gleichname', 250);
    for (const [lang, text, amount, why, say] of [
      [
        'de',
        'Welche Provisionen sind gerade zurückgehalten?',
        `20 Goints (≈ ${formatEuro(200, 'de')})`,
        'Dasselbe E-Mail-Muster auf beiden Seiten',
        'Provision #',
      ],
      ['en', 'any commissions waiting for review?', `20 Goints (≈ ${formatEuro(200, 'en')})`, 'The same e-mail pattern on both sides', 'Release commission #'],
    ] as const) {
      const id = await createSession(admin.client, lang);
      const turn = await sendChat(admin.client, id, text, { lang });
      const part = toolPart(turn, 'adminListHeldCommissions');
      const data = part.output!.data as { commissions: { ref: string; partner: string; amount: string; deal: string; why: string; referred: string }[] };
      const mine = data.commissions.find((c) => c.ref === greta.ref);
      expect(mine).toMatchObject({
        partner: 'Greta Gleichname',
        amount,
        deal: greta.dealId.slice(0, 6),
        referred: `Gretas Azubi (azubi@${greta.partner.email.split('@')[1]})`,
      });
      expect(mine!.why).toContain(why);
      // The reply says it in words: the partner, the amount, the deal and the rule.
      expect(turn.text).toContain(`#${greta.ref} · Greta Gleichname`);
      expect(turn.text).toContain(amount);
      expect(turn.text).toContain(why);
      const labels = ((part.output?.choices ?? []) as { label: string }[]).map((c) => c.label);
      expect(labels).toContain(lang === 'de' ? `Provision #${greta.ref} freigeben` : `Release commission #${greta.ref}`);
      expect(labels).toContain(lang === 'de' ? `Provision #${greta.ref} stornieren` : `Void commission #${greta.ref}`);
      expect(labels.some((l) => l.startsWith(say))).toBe(true);
    }
    // Reading changed nothing.
    expect(await statusOf(greta.id)).toBe('held');
  });

  it("releases the commission of the partner named ('Gib die Provision von Rudi frei, …') only on the click, once however often it is clicked, audited via chat", async () => {
    const rudi = await heldByEmailPattern('Rudi Rückhalt', 100);
    const platformBefore = await platform();
    const id = await createSession(admin.client, 'de');
    const out = pending(
      await sendChat(admin.client, id, 'Gib die Provision von Rudi frei, die beiden sind Nachbarn', { lang: 'de' }),
      'adminReleaseCommission',
    );
    expect(out.data.change.subject).toContain('Rudi Rückhalt');
    expect(out.data.change.subject).toContain(`#${rudi.ref}`);
    expect(row(out.data.change, 'Status')).toEqual({ label: 'Status', before: 'zurückgehalten – wird geprüft', after: 'in der Widerrufsfrist' });
    expect(row(out.data.change, 'Grund')?.after).toBe('die beiden sind Nachbarn');
    expect(row(out.data.change, 'Warum angehalten')?.after).toContain('Dasselbe E-Mail-Muster');
    // Nothing happened before the click.
    expect(await statusOf(rudi.id)).toBe('held');
    expect(await auditOf(rudi.id)).toEqual([]);

    const first = await confirm(admin.client, id, out.confirmation.id);
    expect(first.body).toMatchObject({ status: 'confirmed', repeated: false, result: { accepted: true } });
    expect(await statusOf(rudi.id)).toBe('pending');
    // The same click again (a retry after a lost answer) answers what happened and changes nothing.
    const again = await confirm(admin.client, id, out.confirmation.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'confirmed', repeated: true });
    expect(await auditOf(rudi.id)).toEqual([{ action: 'commission.release', via: 'chat', actorId: admin.user.id, reason: 'die beiden sind Nachbarn' }]);
    // Released money stays the partner's (8 Goints still in the pending account), nothing moved to the platform.
    expect(await partnerPending(rudi.partner.id)).toBe(goints(8));
    expect(await platform()).toBe(platformBefore);
    await expectLedgerConsistent(prisma());

    // Decided once: a second decision by chat is refused in words.
    const late = await sendChat(admin.client, id, `Provision #${rudi.ref} stornieren: doch Selbstwerbung`, { lang: 'de' });
    expect(toolPart(late, 'adminVoidCommission').output).toMatchObject({ accepted: false, reason: 'COMMISSION_NOT_HELD' });
    expect(late.text).toContain('nicht mehr zurückgehalten');
    expect(await statusOf(rudi.id)).toBe('pending');
  });

  it('releases the one of the amount named (en), with the reason the admin gave', async () => {
    const small = await heldByEmailPattern('Quinn Quibble', 370);
    const id = await createSession(admin.client, 'en');
    const out = pending(await sendChat(admin.client, id, 'release the €2.96 commission, checked: real customer', { lang: 'en' }), 'adminReleaseCommission');
    expect(out.data.change.subject).toContain('Quinn Quibble');
    expect(row(out.data.change, 'Amount')?.before).toBe(`29.6 Goints (≈ ${formatEuro(296, 'en')}) held`);
    expect(row(out.data.change, 'Reason')?.after).toBe('real customer');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect(await statusOf(small.id)).toBe('pending');
  });

  it("voids 'the first one' of a partner on both sides of a deal with the admin's reason (en): the money goes back to the platform and the partner reads why", async () => {
    const vera = await heldOnBothSides('Vera Voidable', 150);
    const platformBefore = await platform();
    const id = await createSession(admin.client, 'en');
    // Two held commissions fit: the chat offers both as buttons.
    const ask = await sendChat(admin.client, id, "void Vera's commission", { lang: 'en' });
    const choose = toolPart(ask, 'adminVoidCommission').output as { reason: string; choices: { label: string }[] };
    expect(choose.reason).toBe('CHOOSE_ONE');
    expect(choose.choices).toHaveLength(2);
    for (const c of vera.ids) expect(choose.choices.map((x) => x.label)).toContainEqual(expect.stringContaining(`#${c.slice(0, 6)} · Vera Voidable`));
    expect(ask.text).toContain('Which commission shall I void?');

    // Without a reason, the chat asks for it before any card.
    const noReason = await sendChat(admin.client, id, `void commission #${vera.ids[0]!.slice(0, 6)}`, { lang: 'en' });
    expect(toolPart(noReason, 'adminVoidCommission').output).toMatchObject({ accepted: false, reason: 'COMMISSION_VOID_REASON_REQUIRED' });
    expect(noReason.text).toContain('Why shall I void commission');

    const queue = await prisma().commission.findMany({ where: { id: { in: vera.ids } }, orderBy: { createdAt: 'desc' } });
    const out = pending(await sendChat(admin.client, id, "void Vera's first one, she is on both sides of the deal", { lang: 'en' }), 'adminVoidCommission');
    const firstId = vera.ids.find((c) => out.data.change.subject.includes(`#${c.slice(0, 6)}`))!;
    expect(firstId).toBeDefined();
    expect(queue.map((c) => c.id)).toContain(firstId);
    expect(row(out.data.change, 'Status')).toEqual({ label: 'Status', before: 'held – under review', after: 'voided' });
    expect(row(out.data.change, 'Reason')?.after).toBe('she is on both sides of the deal');
    expect(row(out.data.change, 'Message')?.after).toContain(vera.partner.email);
    expect(await statusOf(firstId)).toBe('held');

    const told: { type: string; payload: unknown }[] = [];
    const off = app.deps.bus.subscribe((e) => {
      if (e.to.userId === vera.partner.id) told.push({ type: e.type, payload: e.payload });
    });
    const done = await confirm(admin.client, id, out.confirmation.id);
    off();
    expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect(await statusOf(firstId)).toBe('canceled');
    expect(await statusOf(vera.ids.find((c) => c !== firstId)!)).toBe('held');
    // The same domain command as the tab: the amount back to platform revenue, the partner told the reason.
    const amount = (await prisma().commission.findUniqueOrThrow({ where: { id: firstId } })).amount;
    expect(await platform()).toBe(platformBefore + amount);
    expect(told).toContainEqual({
      type: 'commission.voided',
      payload: expect.objectContaining({ commissionId: firstId, reason: 'she is on both sides of the deal' }),
    });
    const mail = await prisma().mailOutbox.findFirstOrThrow({ where: { to: vera.partner.email, template: 'commissionVoided' } });
    expect(mail.text).toContain('she is on both sides of the deal');
    expect(await auditOf(firstId)).toEqual([{ action: 'commission.void', via: 'chat', actorId: admin.user.id, reason: 'she is on both sides of the deal' }]);
    // A repeated click is the same answer, not a second booking.
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed', repeated: true });
    expect(await platform()).toBe(platformBefore + amount);
    await expectLedgerConsistent(prisma());
  });

  it('voids one by its reference with the reason after the colon (de); the partner gets the German mail', async () => {
    const otto = await heldByEmailPattern('Otto Ohnegrund', 100);
    const id = await createSession(admin.client, 'de');
    const out = pending(
      await sendChat(admin.client, id, `Provision #${otto.ref} stornieren: Selbstwerbung über die Firmenadresse`, { lang: 'de' }),
      'adminVoidCommission',
    );
    expect(row(out.data.change, 'Status')).toEqual({ label: 'Status', before: 'zurückgehalten – wird geprüft', after: 'storniert' });
    expect(row(out.data.change, 'Betrag')).toEqual({
      label: 'Betrag',
      before: `8 Goints (≈ ${formatEuro(80, 'de')}) zurückgehalten`,
      after: `8 Goints (≈ ${formatEuro(80, 'de')}) zurück an die Plattform`,
    });
    const done = await sendConfirm(id, out.confirmation.id);
    expect(done).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect(await statusOf(otto.id)).toBe('canceled');
    expect(await partnerPending(otto.partner.id)).toBe(0n);
    const mail = await prisma().mailOutbox.findFirstOrThrow({ where: { to: otto.partner.email, template: 'commissionVoided' } });
    expect(mail.subject).toBe('Eine Provision wurde storniert');
    expect(mail.text).toContain('Selbstwerbung über die Firmenadresse');
  });

  it('is for admins only: a partner asking is not offered the tools, and a card confirmed after the admin role was taken away does nothing', async () => {
    const nina = await heldByEmailPattern('Nina Nichtadmin', 100);
    // The partner herself (a seeker's account) asks to release her own held commission.
    const partnerClient = await clientAs(app, nina.partner, 'de');
    const sid = await createSession(partnerClient, 'de');
    const turn = await sendChat(partnerClient, sid, `Provision #${nina.ref} freigeben`, { lang: 'de' });
    expect(turn.status).toBe(200);
    expect(turn.tools.map((t) => t.toolName)).not.toContain('adminReleaseCommission');
    expect([401, 403]).toContain(
      (await partnerClient.post(`/api/admin/affiliate/commissions/${nina.id}/decide`, { decision: 'release', reason: 'bitte' })).status,
    );

    // A second admin proposes it, then loses the admin role before the click: the click is checked again on the server.
    const other = await signedInClient(app, { role: 'admin', name: 'Otto Zweitadmin' });
    const id = await createSession(other.client, 'de');
    const out = pending(await sendChat(other.client, id, `Provision #${nina.ref} freigeben`, { lang: 'de' }), 'adminReleaseCommission');
    await prisma().user.update({ where: { id: other.user.id }, data: { role: 'seeker' } });
    const res = await confirm(other.client, id, out.confirmation.id);
    expect(res.body.result?.accepted ?? false).toBe(false);
    expect(await statusOf(nina.id)).toBe('held');
    expect(await auditOf(nina.id)).toEqual([]);
  });
});

async function sendConfirm(sessionId: string, confirmationId: string) {
  return (await confirm(admin.client, sessionId, confirmationId)).body;
}
