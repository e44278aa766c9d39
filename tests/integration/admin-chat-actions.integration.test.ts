// Every admin action with a dashboard button, by chat in plain words (issue 21): the payouts waiting for
// approval, approving and rejecting one by the person's name, e-mail or amount; roles; settings; trade-document
// review; marketing texts; requests without a reference; and the questions for what a message leaves out.
// Each change is a before/after card: nothing changes before the admin's click, the click runs the same domain
// command as the admin screens, and the audit log says via 'chat'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat, toolPart, type ChatTurn } from '../helpers/chat.ts';
import { createUser } from '../factories/users.ts';
import { createProvider, createReleasedRequest, createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { getSettings } from '../../server/domain/settings/settings.ts';
import { uploadVerificationDocument } from '../../server/domain/providers/verification-documents.ts';
import { createMarketingMaterial } from '../../server/domain/affiliate/manage-marketing-material.ts';
import { sendSupportMessage } from '../../server/domain/support/send-support-message.ts';
import { formatEuro } from '../../core/money/format-money.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  await app?.close();
});

const prisma = () => app.deps.db.prisma;

type Change = { subject: string; rows: { label: string; before: string | null; after: string | null }[] };
type Pending = { confirmation: { id: string }; data: { change: Change } };

function pending(turn: ChatTurn, tool: string): Pending {
  const part = toolPart(turn, tool);
  expect(part.output, `${tool}: ${turn.text}`).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
  return part.output as unknown as Pending;
}

const confirm = (c: TestClient, sessionId: string, id: string) =>
  c.post<{ status: string; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: id,
    decision: 'confirm',
  });

/** The labels of the turn's buttons (the candidates to pick from). */
const choiceLabels = (turn: ChatTurn, tool: string) => ((toolPart(turn, tool).output?.choices ?? []) as { label: string }[]).map((c) => c.label);

/** A seeker with earnings who asked for a payout of `cents` to PayPal; the payout's id. */
async function requestedPayout(name: string, cents: number, email?: string): Promise<{ id: string; userId: string; email: string }> {
  const user = await createSeeker(prisma(), { name, ...(email ? { email } : {}) });
  await inTransaction(prisma(), (tx) =>
    postTransaction(tx, {
      idempotencyKey: `chat-actions:${user.id}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(10_000) },
        { account: account.seekerEarnings(user.id), amount: centsToMilli(10_000) },
      ],
    }),
  );
  const c = app.client();
  await signIn(c, user.email, user.password);
  const methodId = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: user.email })).body.id;
  const payout = await c.post<{ payoutId: string }>('/api/payouts', { amountCents: cents, methodId, idempotencyKey: `chat-actions-${user.id}` });
  return { id: payout.body.payoutId, userId: user.id, email: user.email };
}

const payoutStatus = async (id: string) => (await prisma().payout.findUniqueOrThrow({ where: { id } })).status;
const auditOf = (entityId: string) => prisma().auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' } });

describe('payouts by chat', () => {
  it('lists the waiting payouts with who, amount, method and reference, each with its two actions (de and en)', async () => {
    const p = await requestedPayout('Frieda Listig', 3150);
    for (const [lang, text] of [
      ['de', 'Welche Auszahlungen sind noch offen?'],
      ['en', 'which payouts are still waiting for my approval?'],
    ] as const) {
      const id = await createSession(admin.client, lang);
      const turn = await sendChat(admin.client, id, text, { lang });
      const part = toolPart(turn, 'listPendingPayouts');
      const data = part.output!.data as { payouts: { ref: string; name: string; amount: string; method: string }[]; count: number };
      const row = data.payouts.find((r) => r.ref === p.id.slice(0, 6));
      expect(row).toMatchObject({ name: 'Frieda Listig', amount: formatEuro(3150, lang), method: `PayPal ${p.email}` });
      expect(choiceLabels(turn, 'listPendingPayouts')).toEqual(
        expect.arrayContaining(
          lang === 'de'
            ? [`Auszahlung #${row!.ref} freigeben`, `Auszahlung #${row!.ref} ablehnen`]
            : [`Approve payout #${row!.ref}`, `Reject payout #${row!.ref}`],
        ),
      );
      expect(turn.text).toContain(lang === 'de' ? 'auf Freigabe' : 'waiting for approval');
    }
  });

  it("approves the payout of the person named ('Gib die Auszahlung von Lisa frei'), only on the click, audited via chat", async () => {
    const lisa = await requestedPayout('Lisa Brandtner', 2500);
    await requestedPayout('Jonas Vogelsang', 4000);
    const id = await createSession(admin.client, 'de');
    const out = pending(await sendChat(admin.client, id, 'Gib die Auszahlung von Lisa frei', { lang: 'de' }), 'approvePayout');
    expect(out.data.change.subject).toContain('Lisa Brandtner');
    expect(out.data.change.rows[0]).toEqual({ label: 'Status', before: 'beantragt', after: 'freigegeben' });
    expect(out.data.change.rows[1]).toEqual({ label: 'Betrag', before: formatEuro(2500, 'de'), after: formatEuro(2500, 'de') });
    expect(await payoutStatus(lisa.id)).toBe('requested');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect(await payoutStatus(lisa.id)).toBe('approved');
    expect((await auditOf(lisa.id)).map((a) => [a.action, a.via, a.actorId])).toEqual([['payout.approve', 'chat', admin.user.id]]);
  });

  it("approves the payout of the amount named ('approve the 25 euro one') and by e-mail (en)", async () => {
    const small = await requestedPayout('Quentin Klein', 2500, 'quentin.klein@example.org');
    await requestedPayout('Quentin Gross', 7700);
    const id = await createSession(admin.client, 'en');
    const byAmount = pending(await sendChat(admin.client, id, 'approve the 25 euro one from Quentin', { lang: 'en' }), 'approvePayout');
    expect(byAmount.data.change.subject).toContain('Quentin Klein');
    expect(byAmount.data.change.rows[1]).toEqual({ label: 'Amount', before: formatEuro(2500, 'en'), after: formatEuro(2500, 'en') });
    const byMail = pending(await sendChat(admin.client, id, 'please release the payout to quentin.klein@example.org', { lang: 'en' }), 'approvePayout');
    expect(byMail.data.change.subject).toContain('quentin.klein@example.org');
    expect(await payoutStatus(small.id)).toBe('requested');
  });

  it('offers the waiting payouts as buttons when the words fit several, and a button leads to the card', async () => {
    const a = await requestedPayout('Mara Doppel', 1200);
    const b = await requestedPayout('Mara Zweifel', 1300);
    const id = await createSession(admin.client, 'de');
    const ask = await sendChat(admin.client, id, 'Gib die Auszahlung von Mara frei', { lang: 'de' });
    expect(toolPart(ask, 'approvePayout').output).toMatchObject({ accepted: false, reason: 'CHOOSE_ONE' });
    expect(ask.text).toContain('Welche Auszahlung soll ich freigeben?');
    const labels = choiceLabels(ask, 'approvePayout');
    expect(labels).toHaveLength(2);
    expect(labels.join(' ')).toContain(`#${a.id.slice(0, 6)} · Mara Doppel · ${formatEuro(1200, 'de')}`);
    const pick = labels.find((l) => l.includes('Mara Zweifel'))!;
    const card = pending(await sendChat(admin.client, id, pick, { lang: 'de' }), 'approvePayout');
    expect(card.data.change.subject).toContain('Mara Zweifel');
    expect(await payoutStatus(b.id)).toBe('requested');
  });

  it('rejects a payout with the reason the admin gave; without one, it asks for it (de and en)', async () => {
    const p = await requestedPayout('Ruben Ablehner', 1800, 'ruben.ablehner@example.org');
    const id = await createSession(admin.client, 'de');
    const ask = await sendChat(admin.client, id, 'Lehn die Auszahlung von Ruben ab', { lang: 'de' });
    expect(toolPart(ask, 'rejectPayout').output).toMatchObject({ accepted: false, reason: 'PAYOUT_REJECT_REASON_REQUIRED' });
    expect(ask.text).toContain(
      `Mit welcher Begründung soll ich die Auszahlung #${p.id.slice(0, 6)} über ${formatEuro(1800, 'de')} an Ruben Ablehner ablehnen?`,
    );
    const out = pending(await sendChat(admin.client, id, 'Lehn die Auszahlung von Ruben ab, die IBAN passt nicht zum Namen', { lang: 'de' }), 'rejectPayout');
    expect(out.data.change.rows.find((r) => r.label === 'Grund')).toEqual({ label: 'Grund', before: null, after: 'die IBAN passt nicht zum Namen' });
    expect(await payoutStatus(p.id)).toBe('requested');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect(await payoutStatus(p.id)).toBe('rejected');
    expect((await auditOf(p.id)).map((a) => [a.action, a.via, a.reason])).toEqual([['payout.reject', 'chat', 'die IBAN passt nicht zum Namen']]);

    const q = await requestedPayout('Rita Refused', 2200, 'rita.refused@example.org');
    const en = await createSession(admin.client, 'en');
    const card = pending(
      await sendChat(admin.client, en, 'reject the payout of rita.refused@example.org because the deals look staged', { lang: 'en' }),
      'rejectPayout',
    );
    expect(card.data.change.rows.find((r) => r.label === 'Reason')?.after).toBe('the deals look staged');
    expect((await confirm(admin.client, en, card.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect(await payoutStatus(q.id)).toBe('rejected');
  });
});

describe('people by chat', () => {
  it('changes a role named by e-mail (de) and by name (en), only on the click, audited via chat', async () => {
    const max = await createUser(prisma(), { name: 'Max Rollenwechsel', email: 'max.rollenwechsel@example.org' });
    const id = await createSession(admin.client, 'de');
    const out = pending(await sendChat(admin.client, id, 'Mach max.rollenwechsel@example.org zum Anbieter', { lang: 'de' }), 'changeUserRole');
    expect(out.data.change.rows[0]).toEqual({ label: 'Rolle', before: 'Suchende', after: 'Anbieter' });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: max.id } })).role).toBe('seeker');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: max.id } })).role).toBe('provider');

    const en = await createSession(admin.client, 'en');
    const back = pending(await sendChat(admin.client, en, 'set Max Rollenwechsel back to seeker', { lang: 'en' }), 'changeUserRole');
    expect(back.data.change.rows[0]).toEqual({ label: 'Role', before: 'Provider', after: 'Seeker' });
    expect((await confirm(admin.client, en, back.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect((await auditOf(max.id)).map((a) => [a.action, a.via])).toEqual([
      ['user.role', 'chat'],
      ['user.role', 'chat'],
    ]);
  });

  it('asks which role when none is named, and which person when the name fits several', async () => {
    await createUser(prisma(), { name: 'Greta Namensvetter', email: 'greta.one@example.org' });
    await createUser(prisma(), { name: 'Greta Namensvetter', email: 'greta.two@example.org' });
    const kevin = await createUser(prisma(), { name: 'Kevin Adminlos', role: 'admin' });
    const id = await createSession(admin.client, 'de');
    const which = await sendChat(admin.client, id, 'Mach Greta Namensvetter zur Admin', { lang: 'de' });
    expect(toolPart(which, 'changeUserRole').output).toMatchObject({ reason: 'CHOOSE_ONE' });
    expect(choiceLabels(which, 'changeUserRole').map((l) => l.split(' · ')[1])).toEqual(
      expect.arrayContaining(['greta.one@example.org', 'greta.two@example.org']),
    );
    const role = await sendChat(admin.client, id, 'Nimm Kevin Adminlos die Adminrechte weg', { lang: 'de' });
    expect(toolPart(role, 'changeUserRole').output).toMatchObject({ reason: 'ROLE_REQUIRED' });
    expect(role.text).toContain('Welche Rolle soll Kevin Adminlos');
    expect((await prisma().user.findUniqueOrThrow({ where: { id: kevin.id } })).role).toBe('admin');
  });

  it('suspends a person named by name, only on the click', async () => {
    const person = await createUser(prisma(), { name: 'Sven Sperrling' });
    const id = await createSession(admin.client, 'de');
    const out = pending(await sendChat(admin.client, id, 'Sperr Sven Sperrling wegen gefälschter Bewertungen', { lang: 'de' }), 'suspendUser');
    expect(out.data.change.subject).toContain(person.email);
    expect(out.data.change.rows[1]).toEqual({ label: 'Grund', before: null, after: 'gefälschter Bewertungen' });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).suspendedAt).toBeNull();
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: person.id } })).suspendedAt).not.toBeNull();
    expect((await auditOf(person.id)).map((a) => [a.action, a.via])).toEqual([['user.suspend', 'chat']]);
  });
});

describe('settings by chat', () => {
  it('shows every setting with its label and its value formatted for the language', async () => {
    for (const lang of ['de', 'en'] as const) {
      const id = await createSession(admin.client, lang);
      const turn = await sendChat(admin.client, id, lang === 'de' ? 'Zeig mir die Einstellungen der Plattform' : 'show me the platform settings', { lang });
      const settings = (toolPart(turn, 'showSettings').output!.data as { settings: { key: string; label: string; valueText: string }[] }).settings;
      expect(settings.map((s) => s.key)).toHaveLength(6);
      expect(settings.find((s) => s.key === 'marketplace.contactRetentionDays')).toMatchObject(
        lang === 'de'
          ? { label: 'Kontaktdaten sichtbar nach Ende', valueText: '90 Tage' }
          : { label: 'Contact data visible after the end', valueText: '90 days' },
      );
      expect(turn.text).toContain(
        lang === 'de' ? `Die Mindestauszahlung ist fest: ${formatEuro(1000, 'de')}` : `The minimum payout is fixed: ${formatEuro(1000, 'en')}`,
      );
    }
  });

  it('changes a setting named in words after the click, audited via chat; out of range, fixed or unknown ones are said so', async () => {
    const id = await createSession(admin.client, 'de');
    const out = pending(await sendChat(admin.client, id, 'Setz die Laufzeit von Anfragen auf 45 Tage', { lang: 'de' }), 'changeSetting');
    expect(out.data.change.rows).toEqual([{ label: 'Laufzeit einer Anfrage', before: '30 Tage', after: '45 Tage' }]);
    expect((await getSettings(prisma()))['marketplace.requestExpiryDays']).toBe(30);
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect((await getSettings(prisma()))['marketplace.requestExpiryDays']).toBe(45);
    const audit = await prisma().auditLog.findFirst({ where: { action: 'settings.update' }, orderBy: { createdAt: 'desc' } });
    expect(audit).toMatchObject({ via: 'chat', actorId: admin.user.id, after: { 'marketplace.requestExpiryDays': 45 } });

    const en = await createSession(admin.client, 'en');
    const tooLong = await sendChat(admin.client, en, 'set the contact retention to 5000 days', { lang: 'en' });
    expect(toolPart(tooLong, 'changeSetting').output).toMatchObject({ reason: 'SETTING_OUT_OF_RANGE' });
    expect(tooLong.text).toContain('allowed is a whole number from 1 to 3,650');
    const minimum = await sendChat(admin.client, id, 'Mindestauszahlung auf 20 €', { lang: 'de' });
    expect(minimum.text).toContain(`Die Mindestauszahlung ist fest ${formatEuro(1000, 'de')} und keine Einstellung`);
    expect((await getSettings(prisma()))['marketplace.contactRetentionDays']).toBe(90);
  });
});

const PDF = new TextEncoder().encode('%PDF-1.4\n% test document\n');

describe('trade documents by chat', () => {
  it('lists the waiting documents and approves one named by its company, only on the click, audited via chat', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Dachdeckerei Ziegelrot' });
    const doc = await uploadVerificationDocument(prisma(), user.id, { kind: 'handwerkskarte', fileName: 'karte.pdf', data: PDF });
    const id = await createSession(admin.client, 'de');
    const list = await sendChat(admin.client, id, 'Welche Nachweise warten auf Prüfung?', { lang: 'de' });
    const row = (toolPart(list, 'listDocumentReviews').output!.data as { documents: { ref: string; company: string; fileUrl: string }[] }).documents.find(
      (d) => d.ref === doc.id.slice(0, 6),
    );
    expect(row).toMatchObject({ company: 'Dachdeckerei Ziegelrot', fileUrl: `/api/admin/verifications/${doc.id}/file` });
    const out = pending(await sendChat(admin.client, id, 'Die Handwerkskarte von Ziegelrot passt, freigeben', { lang: 'de' }), 'reviewTradeDocument');
    expect(out.data.change.rows[0]).toEqual({ label: 'Status', before: 'Zu prüfen', after: 'Bestätigt' });
    expect((await prisma().providerProfile.findUniqueOrThrow({ where: { userId: user.id } })).verification).toBe('pending');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect((await prisma().providerProfile.findUniqueOrThrow({ where: { userId: user.id } })).verification).toBe('verified');
    expect((await auditOf(doc.id)).map((a) => [a.action, a.via])).toEqual([['verification.approve', 'chat']]);
    expect(await prisma().mailOutbox.count({ where: { to: user.email, template: 'verificationDecided' } })).toBe(1);
  });

  it('rejects a document with the note the admin gave (en)', async () => {
    const { user } = await createProvider(app.deps, { firmenname: 'Malerbetrieb Kreidebleich' });
    const doc = await uploadVerificationDocument(prisma(), user.id, { kind: 'gewerbeschein', fileName: 'schein.pdf', data: PDF });
    const id = await createSession(admin.client, 'en');
    const out = pending(await sendChat(admin.client, id, "reject Kreidebleich's trade licence, the stamp is missing", { lang: 'en' }), 'reviewTradeDocument');
    expect(out.data.change.rows.find((r) => r.label === 'Note to the provider')?.after).toBe('the stamp is missing');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect(await prisma().verificationDocument.findUniqueOrThrow({ where: { id: doc.id }, select: { status: true, note: true } })).toEqual({
      status: 'rejected',
      note: 'the stamp is missing',
    });
  });
});

describe('marketing texts by chat', () => {
  it('lists the texts and changes the one named by its channel and language, only on the click, audited via chat', async () => {
    const m = await createMarketingMaterial(prisma(), admin.user.id, {
      kind: 'social',
      category: 'instagram',
      lang: 'de',
      title: 'Insta locker',
      description: '',
      subject: null,
      body: 'Alter Text für Instagram',
      sortOrder: 0,
      active: true,
    });
    const id = await createSession(admin.client, 'de');
    const list = await sendChat(admin.client, id, 'Zeig mir die Marketingtexte', { lang: 'de' });
    expect((toolPart(list, 'showMarketingTexts').output!.data as { texts: { title: string }[] }).texts.map((x) => x.title)).toContain('Insta locker');
    const out = pending(
      await sendChat(admin.client, id, 'Ändere den deutschen Instagram-Text zu: „Schnelle Hilfe gesucht? akut findet jemanden in deiner Nähe.“', {
        lang: 'de',
      }),
      'editMarketingText',
    );
    expect(out.data.change.rows).toEqual([
      { label: 'Inhalt', before: 'Alter Text für Instagram', after: 'Schnelle Hilfe gesucht? akut findet jemanden in deiner Nähe.' },
    ]);
    expect((await prisma().marketingMaterial.findUniqueOrThrow({ where: { id: m.id } })).body).toBe('Alter Text für Instagram');
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect((await prisma().marketingMaterial.findUniqueOrThrow({ where: { id: m.id } })).body).toBe(
      'Schnelle Hilfe gesucht? akut findet jemanden in deiner Nähe.',
    );
    expect((await auditOf(m.id)).map((a) => [a.action, a.via])).toEqual([
      ['marketingMaterial.create', 'dashboard'],
      ['marketingMaterial.update', 'chat'],
    ]);
  });

  it('adds a text in the words given (en), and never one that promises income', async () => {
    const id = await createSession(admin.client, 'en');
    const out = pending(
      await sendChat(admin.client, id, 'add a new English Facebook text: "Stuck with a leaky tap? akut finds help in minutes."', { lang: 'en' }),
      'editMarketingText',
    );
    expect(out.data.change.rows.find((r) => r.label === 'Content')).toEqual({
      label: 'Content',
      before: null,
      after: 'Stuck with a leaky tap? akut finds help in minutes.',
    });
    expect((await confirm(admin.client, id, out.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    const created = await prisma().marketingMaterial.findFirstOrThrow({ where: { body: 'Stuck with a leaky tap? akut finds help in minutes.' } });
    expect(created).toMatchObject({ category: 'facebook', lang: 'en', kind: 'social', active: true });
    const promise = await sendChat(admin.client, id, 'add a new Instagram text: "Earn money with akut, guaranteed passive income!"', { lang: 'en' });
    expect(toolPart(promise, 'editMarketingText').output).toMatchObject({ accepted: false, reason: 'MATERIAL_INCOME_PROMISE' });
  });
});

describe('requests and missing values', () => {
  it('offers the held-back requests as buttons when no reference is named', async () => {
    const seeker = await createSeeker(prisma());
    const r = await createReleasedRequest(app.deps, seeker.id, { kategorie: 'handwerk' });
    await prisma().request.update({ where: { id: r.id }, data: { status: 'review' } });
    const id = await createSession(admin.client, 'de');
    const ask = await sendChat(admin.client, id, 'Gib die Anfrage frei', { lang: 'de' });
    const part = toolPart(ask, 'adminModerateRequest');
    expect(part.output).toMatchObject({ reason: 'CHOOSE_ONE' });
    const label = choiceLabels(ask, 'adminModerateRequest').find((l) => l.startsWith(`#${r.id.slice(0, 6)}`))!;
    const card = pending(await sendChat(admin.client, id, label, { lang: 'de' }), 'adminModerateRequest');
    expect(card.data.change.rows[0]).toMatchObject({ before: 'Zur Prüfung' });
  });

  it("'approve #ref' proposes what the reference names: a request under review, or a payout (de and en)", async () => {
    const seeker = await createSeeker(prisma());
    const r = await createReleasedRequest(app.deps, seeker.id, { kategorie: 'handwerk' });
    await prisma().request.update({ where: { id: r.id }, data: { status: 'review' } });
    const p = await requestedPayout('Rafael Referenz', 2200);
    for (const [lang, words] of [
      ['en', (ref: string) => `approve #${ref}, looks legit`],
      ['de', (ref: string) => `#${ref} freigeben, passt`],
    ] as const) {
      const id = await createSession(admin.client, lang);
      const request = pending(await sendChat(admin.client, id, words(r.id.slice(0, 6)), { lang }), 'adminModerateRequest');
      expect(request.data.change.rows[0]).toMatchObject({ before: lang === 'de' ? 'Zur Prüfung' : 'Awaiting review' });
      const payout = await sendChat(admin.client, id, words(p.id.slice(0, 6)), { lang });
      pending(payout, 'approvePayout');
      expect(payout.tools.map((t) => t.toolName)).not.toContain('adminModerateRequest');
    }
    // Nothing changes before the click.
    expect((await prisma().request.findUniqueOrThrow({ where: { id: r.id } })).status).toBe('review');
    expect(await payoutStatus(p.id)).toBe('requested');
  });

  it('asks for what a reply, a commission change or a price change leaves out, in the language of the chat', async () => {
    const partner = await createUser(prisma(), { name: 'Jana Nachfrage' });
    await sendSupportMessage(app.deps, partner.id, 'Meine Provision fehlt');
    const de = await createSession(admin.client, 'de');
    const reply = await sendChat(admin.client, de, 'Antworte Jana Nachfrage', { lang: 'de' });
    expect(toolPart(reply, 'answerSupportMessage').output).toMatchObject({ reason: 'SUPPORT_REPLY_BODY_REQUIRED' });
    expect(reply.text).toContain('Was soll ich Jana Nachfrage antworten?');
    const level = await sendChat(admin.client, de, 'Setz Ebene 2 auf 15', { lang: 'de' });
    expect(toolPart(level, 'changeCommissionPlan').output).toMatchObject({ reason: 'COMMISSION_VALUE_REQUIRED' });
    expect(level.text).toContain('Auf wie viel Prozent soll Ebene 2');
    const en = await createSession(admin.client, 'en');
    const price = await sendChat(admin.client, en, 'change the price for Handwerk', { lang: 'en' });
    expect(toolPart(price, 'setCategoryPrice').output).toMatchObject({ reason: 'PRICE_VALUE_REQUIRED' });
    expect(price.text).toContain('What shall change for');
  });
});

describe('the new admin tools for everyone else', () => {
  it('are never offered to seekers, providers or an admin without two-factor', async () => {
    const p = await requestedPayout('Nora Niemand', 1500);
    const seeker = (await signedInClient(app, { role: 'seeker' })).client;
    const provider = (await signedInClient(app, { role: 'provider' })).client;
    const bare = await createUser(prisma(), { role: 'admin' });
    const noTotp = app.client();
    await signIn(noTotp, bare.email, bare.password);
    const tools = [
      'listPendingPayouts',
      'approvePayout',
      'rejectPayout',
      'changeUserRole',
      'showSettings',
      'changeSetting',
      'listDocumentReviews',
      'reviewTradeDocument',
      'showMarketingTexts',
      'editMarketingText',
    ];
    for (const c of [seeker, provider, noTotp]) {
      const id = await createSession(c, 'de');
      for (const text of [
        'Welche Auszahlungen warten auf Freigabe?',
        'Gib die Auszahlung von Nora frei',
        'Zeig mir die Einstellungen',
        'Setz die Laufzeit von Anfragen auf 45 Tage',
      ]) {
        const r = await sendChat(c, id, text, { lang: 'de' });
        expect(r.status).toBe(200);
        for (const name of tools) expect(r.tools.map((t) => t.toolName)).not.toContain(name);
      }
    }
    expect(await payoutStatus(p.id)).toBe('requested');
    expect((await getSettings(prisma()))['marketplace.requestExpiryDays']).not.toBe(60);
  });
});
