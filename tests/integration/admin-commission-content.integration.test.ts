// The admin area's commission plan, partner content and support answers (issue 11): the plan's validation,
// presets and history; marketing texts and academy videos created, changed, hidden and deleted; every change
// in the audit log (dashboard or chat); and by chat, in German and English, a level or the pool changed and a
// partner answered, each only on the admin's click, never for anyone else.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient, signIn } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { createUser } from '../factories/users.ts';
import { DEFAULT_PLAN } from '../../core/affiliate/commission-plan.ts';

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
const audits = (action: string) => prisma().auditLog.findMany({ where: { action }, orderBy: { createdAt: 'asc' } });
type Plan = { poolBp: number; levelsBp: number[]; preset: string };
type History = { plan: Plan; history: (Plan & { id: string; changedAt: string; changedBy: { name: string; email: string } | null })[] };
const planNow = async () => (await app.client().get<Plan>('/api/affiliate/plan')).body;
const resetPlan = async () => {
  await prisma().commissionPlan.create({ data: { poolBp: DEFAULT_PLAN.poolBp, levelsBp: DEFAULT_PLAN.levelsBp, preset: 'ten_levels', changedById: null } });
};
const confirm = (client: TestClient, sessionId: string, confirmationId: string) =>
  client.post<{ status: string; result: { accepted: boolean; reason?: string } | null }>('/api/chat/confirm', {
    sessionId,
    confirmationId,
    decision: 'confirm',
  });

describe('commission plan (dashboard)', () => {
  beforeEach(resetPlan);

  it('refuses a plan over the limits with a translated error, changing nothing and auditing nothing', async () => {
    const before = (await audits('commissionPlan.update')).length;
    admin.client.lang = 'en';
    const pool = await admin.client.request<{ error: { code: string; message: string } }>('PUT', '/api/admin/affiliate/plan', {
      poolBp: 5001,
      levelsBp: DEFAULT_PLAN.levelsBp,
    });
    expect(pool.status).toBe(400);
    expect(pool.body.error).toEqual({ code: 'COMMISSION_POOL_TOO_HIGH', message: 'The commission pool may be at most 50 % of the platform revenue.' });
    admin.client.lang = 'de';
    const levels = await admin.client.request<{ error: { code: string; message: string } }>('PUT', '/api/admin/affiliate/plan', {
      poolBp: 2000,
      levelsBp: [5000, 5000, 1, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(levels.body.error.code).toBe('COMMISSION_LEVELS_TOO_HIGH');
    expect(levels.body.error.message).toContain('100,01 %');
    expect((await admin.client.request('PUT', '/api/admin/affiliate/plan', { poolBp: -1, levelsBp: DEFAULT_PLAN.levelsBp })).status).toBe(400);
    expect((await admin.client.request('PUT', '/api/admin/affiliate/plan', { preset: 'three_levels' })).status).toBe(400);
    expect(await planNow()).toMatchObject({ poolBp: 2000, levelsBp: DEFAULT_PLAN.levelsBp });
    expect((await audits('commissionPlan.update')).length).toBe(before);
  });

  it('applies presets and custom values, keeps the history with who and when, and audits each change with before and after', async () => {
    const two = await admin.client.request<Plan>('PUT', '/api/admin/affiliate/plan', { preset: 'two_levels' });
    expect(two.body).toMatchObject({ preset: 'two_levels', poolBp: 2000, levelsBp: [7500, 2500, 0, 0, 0, 0, 0, 0, 0, 0] });
    const custom = await admin.client.request<Plan>('PUT', '/api/admin/affiliate/plan', { poolBp: 2500, levelsBp: [5000, 2500, 1000, 0, 0, 0, 0, 0, 0, 0] });
    expect(custom.body).toMatchObject({ preset: 'custom', poolBp: 2500 });
    // The partners' page reads the same plan.
    expect(await planNow()).toMatchObject({ poolBp: 2500, levelsBp: [5000, 2500, 1000, 0, 0, 0, 0, 0, 0, 0] });

    const { history } = (await admin.client.get<History>('/api/admin/affiliate/plan')).body;
    expect(history.slice(0, 2).map((h) => [h.preset, h.poolBp, h.changedBy?.email])).toEqual([
      ['custom', 2500, admin.user.email],
      ['two_levels', 2000, admin.user.email],
    ]);
    expect(Date.parse(history[0]!.changedAt)).toBeGreaterThan(Date.now() - 60_000);

    const entries = (await audits('commissionPlan.update')).slice(-2);
    expect(entries.map((e) => [e.actorId, e.via, e.entityType])).toEqual([
      [admin.user.id, 'dashboard', 'CommissionPlan'],
      [admin.user.id, 'dashboard', 'CommissionPlan'],
    ]);
    expect(entries[1]!.before).toMatchObject({ poolBp: 2000, levelsBp: [7500, 2500, 0, 0, 0, 0, 0, 0, 0, 0], preset: 'two_levels' });
    expect(entries[1]!.after).toMatchObject({ poolBp: 2500, levelsBp: [5000, 2500, 1000, 0, 0, 0, 0, 0, 0, 0], preset: 'custom' });
    expect(entries[1]!.entityId).toBe(history[0]!.id);
  });
});

describe('marketing materials (dashboard)', () => {
  it('creates, changes, hides and deletes a text with category and description, each change audited; partners see active ones only', async () => {
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    const input = {
      kind: 'social',
      category: 'instagram',
      lang: 'en',
      title: 'Story text',
      description: 'For an Instagram story',
      body: 'Try akut: [AFFILIATE_LINK] – [NAME]',
    };
    const created = await admin.client.post<{ id: string; category: string; description: string; active: boolean }>('/api/admin/affiliate/materials', input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ category: 'instagram', description: 'For an Instagram story', active: true });
    const seen = async () =>
      (await partner.get<{ materials: { id: string; category: string }[] }>('/api/affiliate/materials?lang=en')).body.materials.find(
        (m) => m.id === created.body.id,
      );
    expect((await seen())?.category).toBe('instagram');

    expect((await admin.client.request('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, { category: 'tiktok' })).status).toBe(400);
    const promise = await admin.client.request<{ error: { code: string } }>('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, {
      description: 'Guaranteed passive income',
    });
    expect(promise.body.error.code).toBe('MATERIAL_INCOME_PROMISE');
    expect((await admin.client.request('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, { title: 'Story', category: 'facebook' })).status).toBe(
      200,
    );
    expect((await admin.client.request('PATCH', `/api/admin/affiliate/materials/${created.body.id}`, { active: false })).status).toBe(200);
    expect(await seen()).toBeUndefined();
    expect((await admin.client.request('DELETE', `/api/admin/affiliate/materials/${created.body.id}`)).status).toBe(200);
    expect((await admin.client.request('DELETE', `/api/admin/affiliate/materials/${created.body.id}`)).status).toBe(404);

    const log = await prisma().auditLog.findMany({ where: { entityType: 'MarketingMaterial', entityId: created.body.id }, orderBy: { createdAt: 'asc' } });
    expect(log.map((e) => [e.action, e.actorId, e.via])).toEqual([
      ['marketingMaterial.create', admin.user.id, 'dashboard'],
      ['marketingMaterial.update', admin.user.id, 'dashboard'],
      ['marketingMaterial.deactivate', admin.user.id, 'dashboard'],
      ['marketingMaterial.delete', admin.user.id, 'dashboard'],
    ]);
    expect(log[1]!.before).toMatchObject({ title: 'Story text', category: 'instagram' });
    expect(log[1]!.after).toMatchObject({ title: 'Story', category: 'facebook' });
    expect(log[3]!.before).toMatchObject({ title: 'Story', active: false });
    expect(log[3]!.after).toBeNull();
  });
});

describe('academy videos (dashboard)', () => {
  it('creates, changes, hides, shows and deletes a video in German and English, checked and audited', async () => {
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    const input = {
      category: 'tools',
      titleDe: 'Links teilen',
      titleEn: 'Sharing links',
      descriptionDe: 'Wo dein Link hingehört.',
      descriptionEn: 'Where your link belongs.',
      bodyDe: 'Teile deinen Link dort, wo man dich kennt.',
      bodyEn: 'Share your link where people know you.',
      url: 'https://videos.example.org/share.mp4',
      durationMin: 6,
    };

    expect((await partner.post('/api/admin/affiliate/videos', input)).status).toBe(403);
    const badUrl = await admin.client.request<{ error: { code: string; message: string } }>('POST', '/api/admin/affiliate/videos', {
      ...input,
      url: 'javascript:alert(1)',
    });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toEqual({ code: 'VIDEO_URL_INVALID', message: 'Die Video-Adresse muss mit http:// oder https:// beginnen.' });
    expect((await admin.client.request('POST', '/api/admin/affiliate/videos', { ...input, titleEn: '   ' })).status).toBe(400);
    expect((await admin.client.request('POST', '/api/admin/affiliate/videos', { ...input, category: 'gossip' })).status).toBe(400);
    expect(await prisma().academyVideo.count({ where: { titleDe: 'Links teilen' } })).toBe(0);

    const created = await admin.client.post<{ id: string; url: string | null; active: boolean }>('/api/admin/affiliate/videos', input);
    expect(created.status).toBe(201);
    const id = created.body.id;
    type Academy = { videos: { id: string; title: string; url: string | null }[] };
    partner.lang = 'en';
    const en = async () => (await partner.get<Academy>('/api/affiliate/academy')).body.videos.find((v) => v.id === id);
    expect(await en()).toMatchObject({ title: 'Sharing links', url: 'https://videos.example.org/share.mp4' });
    partner.lang = 'de';
    expect((await partner.get<Academy>('/api/affiliate/academy')).body.videos.find((v) => v.id === id)?.title).toBe('Links teilen');

    // An empty address means a lesson without video (just the text).
    expect(
      (await admin.client.request<{ url: string | null }>('PATCH', `/api/admin/affiliate/videos/${id}`, { url: '', titleEn: 'Sharing your link' })).body.url,
    ).toBeNull();
    partner.lang = 'en';
    expect(await en()).toMatchObject({ title: 'Sharing your link', url: null });
    expect((await admin.client.request('PATCH', `/api/admin/affiliate/videos/${id}`, { active: false })).status).toBe(200);
    expect(await en()).toBeUndefined();
    expect(
      (await admin.client.get<{ videos: { id: string; active: boolean }[] }>('/api/admin/affiliate/videos')).body.videos.find((v) => v.id === id)?.active,
    ).toBe(false);
    expect((await admin.client.request('PATCH', `/api/admin/affiliate/videos/${id}`, { active: true })).status).toBe(200);
    expect(await en()).toBeDefined();
    expect((await admin.client.request('PATCH', '/api/admin/affiliate/videos/nope-1', { active: true })).status).toBe(404);
    expect((await admin.client.request('DELETE', `/api/admin/affiliate/videos/${id}`)).status).toBe(200);
    expect(await en()).toBeUndefined();

    const log = await prisma().auditLog.findMany({ where: { entityType: 'AcademyVideo', entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(log.map((e) => [e.action, e.actorId, e.via])).toEqual([
      ['academyVideo.create', admin.user.id, 'dashboard'],
      ['academyVideo.update', admin.user.id, 'dashboard'],
      ['academyVideo.deactivate', admin.user.id, 'dashboard'],
      ['academyVideo.activate', admin.user.id, 'dashboard'],
      ['academyVideo.delete', admin.user.id, 'dashboard'],
    ]);
    expect(log[1]!.before).toMatchObject({ titleEn: 'Sharing links', url: 'https://videos.example.org/share.mp4' });
    expect(log[1]!.after).toMatchObject({ titleEn: 'Sharing your link', url: null });
  });
});

const phrases = {
  de: {
    level: 'Setze Ebene 2 auf 15 %',
    pool: 'Pool auf 25 %',
    tooHigh: 'Provisionstopf auf 60 Prozent',
    inbox: 'Zeig mir die ungelesenen Support-Nachrichten',
    reply: (who: string) => `Antworte ${who}: Die Provision wird nach 14 Tagen auszahlbar.`,
  },
  en: {
    level: 'set level 2 to 15%',
    pool: 'set the commission pool to 25 percent',
    tooHigh: 'set the pool to 60%',
    inbox: 'show unread support messages',
    reply: (who: string) => `Reply to ${who}: Your commission can be paid out after 14 days.`,
  },
};

describe('commission plan by chat', () => {
  beforeEach(resetPlan);

  for (const lang of ['de', 'en'] as const) {
    it(`proposes a level or pool change as a before/after card and applies it only on the admin's click (${lang})`, async () => {
      const p = phrases[lang];
      admin.client.lang = lang;
      const session = await createSession(admin.client, lang);

      const turn = await sendChat(admin.client, session, p.level);
      const part = turn.tools.find((t) => t.toolName === 'changeCommissionPlan')!;
      expect(part.input).toEqual({ target: 'level', level: 2, percent: 15 });
      expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED', confirmation: { status: 'pending' } });
      const change = (part.output!.data as { change: { subject: string; rows: { label: string; before: string; after: string }[] } }).change;
      expect(change.subject).toBe(lang === 'de' ? 'Provisionsplan' : 'Commission plan');
      expect(change.rows[0]).toEqual(
        lang === 'de'
          ? { label: 'Ebene 2 (Anteil am Topf)', before: '20 %', after: '15 %' }
          : { label: 'Level 2 (share of the pool)', before: '20%', after: '15%' },
      );
      // 100 € × 20 % pool × 20 % → 4 €, then × 15 % → 3 €.
      expect(change.rows[1]!.before).toContain('4');
      expect(change.rows[1]!.after).toContain('3');
      expect((await planNow()).levelsBp[1]).toBe(2000);

      const done = await confirm(admin.client, session, part.output!.confirmation!.id);
      expect(done.body.status).toBe('confirmed');
      expect((await planNow()).levelsBp).toEqual([4000, 1500, 1500, 1000, 500, 300, 300, 200, 100, 100]);
      const entry = (await audits('commissionPlan.update')).at(-1)!;
      expect(entry).toMatchObject({ actorId: admin.user.id, via: 'chat' });
      expect((entry.before as Plan).levelsBp[1]).toBe(2000);
      expect((entry.after as Plan).levelsBp[1]).toBe(1500);

      const poolTurn = await sendChat(admin.client, session, p.pool);
      const poolPart = poolTurn.tools.find((t) => t.toolName === 'changeCommissionPlan')!;
      expect(poolPart.input).toEqual({ target: 'pool', percent: 25 });
      expect((poolPart.output!.data as { change: { rows: { before: string; after: string }[] } }).change.rows[0]).toMatchObject({
        before: lang === 'de' ? '20 %' : '20%',
        after: lang === 'de' ? '25 %' : '25%',
      });
      // Cancelled: nothing changes.
      await admin.client.post('/api/chat/confirm', { sessionId: session, confirmationId: poolPart.output!.confirmation!.id, decision: 'cancel' });
      expect((await planNow()).poolBp).toBe(2000);

      // Over the limit: refused before any card, with the translated reason.
      const high = await sendChat(admin.client, session, p.tooHigh);
      expect(high.tools.map((t) => [t.toolName, t.output?.reason, !!t.output?.confirmation])).toEqual([
        ['changeCommissionPlan', 'COMMISSION_POOL_TOO_HIGH', false],
      ]);
      expect(high.text).toContain(lang === 'de' ? 'höchstens 50 %' : 'at most 50 %');
      expect((await planNow()).poolBp).toBe(2000);
      admin.client.lang = 'de';
    });
  }

  it('applies exactly what the card showed: a plan saved by someone else in between refuses the click', async () => {
    admin.client.lang = 'de';
    const session = await createSession(admin.client, 'de');
    const part = (await sendChat(admin.client, session, 'Setze Ebene 2 auf 15 %')).tools.find((t) => t.toolName === 'changeCommissionPlan')!;
    expect(part.output).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
    // Another admin changes the plan on the dashboard before the click.
    expect((await admin.client.request('PUT', '/api/admin/affiliate/plan', { preset: 'two_levels' })).status).toBe(200);
    const twoLevels = await planNow();
    const done = await confirm(admin.client, session, part.output!.confirmation!.id);
    expect(done.body).toMatchObject({ status: 'failed', result: { accepted: false, reason: 'COMMISSION_PLAN_CHANGED' } });
    expect(await planNow()).toEqual(twoLevels);
  });

  it('is no tool for seekers, providers or an admin without two factors, and a confirmation cannot be forged', async () => {
    for (const role of ['seeker', 'provider'] as const) {
      const { client } = await signedInClient(app, { role });
      const session = await createSession(client, 'de');
      const turn = await sendChat(client, session, 'Setze Ebene 2 auf 15 %');
      expect(turn.status).toBe(200);
      expect(turn.tools.map((t) => t.toolName)).not.toContain('changeCommissionPlan');
      const en = await sendChat(client, session, 'set the pool to 25%', { lang: 'en' });
      expect(en.tools.map((t) => t.toolName)).not.toContain('changeCommissionPlan');
    }
    // Someone else cannot click an admin's pending card.
    const adminSession = await createSession(admin.client, 'de');
    const pending = (await sendChat(admin.client, adminSession, 'Setze Ebene 2 auf 15 %')).tools.find((t) => t.toolName === 'changeCommissionPlan')!;
    const intruder = (await signedInClient(app, { role: 'seeker' })).client;
    const forged = await intruder.post<{ status?: string }>('/api/chat/confirm', {
      sessionId: adminSession,
      confirmationId: pending.output!.confirmation!.id,
      decision: 'confirm',
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect((await planNow()).levelsBp[1]).toBe(2000);

    const no2fa = await createUser(prisma(), { role: 'admin' });
    const client = app.client();
    await signIn(client, no2fa.email, no2fa.password);
    const session = await createSession(client, 'de');
    const turn = await sendChat(client, session, 'Setze Ebene 2 auf 15 %');
    expect(turn.tools.map((t) => t.toolName)).not.toContain('changeCommissionPlan');
    expect(await planNow()).toMatchObject({ poolBp: 2000, levelsBp: DEFAULT_PLAN.levelsBp });
  });
});

describe('support answers by chat', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`lists unread partner messages and sends a reply only on the admin's click, unaudited (${lang})`, async () => {
      const p = phrases[lang];
      const first = lang === 'de' ? 'Henrike' : 'Harriet';
      const partner = await signedInClient(app, { role: 'seeker', name: `${first} Probe`, locale: lang });
      await partner.client.post('/api/support/messages', { body: `Wann wird meine Provision auszahlbar? (${lang})` });
      admin.client.lang = lang;
      const session = await createSession(admin.client, lang);

      const inbox = await sendChat(admin.client, session, p.inbox);
      const listed = inbox.tools.find((t) => t.toolName === 'listSupportInbox')!;
      expect(listed.output?.accepted).toBe(true);
      expect(inbox.text).toContain(`${first} Probe`);
      expect(inbox.text).toContain(`Wann wird meine Provision auszahlbar? (${lang})`);
      // Reading the list marks nothing read.
      expect(await prisma().supportMessage.count({ where: { senderId: partner.user.id, readAt: null } })).toBe(1);

      const auditsBefore = await prisma().auditLog.count();
      const turn = await sendChat(admin.client, session, p.reply(first));
      const part = turn.tools.find((t) => t.toolName === 'answerSupportMessage')!;
      expect(part.input).toEqual({
        partner: first,
        body: p
          .reply(first)
          .slice(p.reply(first).indexOf(':') + 1)
          .trim(),
      });
      expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED', confirmation: { status: 'pending' } });
      expect(JSON.stringify(part.output!.data)).toContain(partner.user.email);
      expect(await prisma().supportMessage.count({ where: { recipientId: partner.user.id } })).toBe(0);

      expect((await confirm(admin.client, session, part.output!.confirmation!.id)).body.status).toBe('confirmed');
      const own = (await partner.client.get<{ messages: { fromTeam: boolean; body: string }[] }>('/api/support/messages')).body.messages;
      expect(own.map((m) => m.fromTeam)).toEqual([false, true]);
      expect(own[1]!.body).toBe(
        p
          .reply(first)
          .slice(p.reply(first).indexOf(':') + 1)
          .trim(),
      );
      // A reply is a message in the conversation (with its sender and time), not a change of state: no audit entry.
      expect(await prisma().auditLog.count()).toBe(auditsBefore);

      // Nobody of that name: refused before any card.
      const unknown = await sendChat(admin.client, session, p.reply('Zacharias-Nobody'));
      expect(unknown.tools.map((t) => [t.toolName, t.output?.reason])).toEqual([['answerSupportMessage', 'SUPPORT_PARTNER_NOT_FOUND']]);
      admin.client.lang = 'de';
    });
  }

  it('finds the partner by a title and surname, with the message named before it (de, en)', async () => {
    const de = await signedInClient(app, { role: 'seeker', name: 'Ilse Quirinius', locale: 'de' });
    const en = await signedInClient(app, { role: 'seeker', name: 'Ada Quillfeather', locale: 'en' });
    await de.client.post('/api/support/messages', { body: 'Meine Auszahlung fehlt.' });
    await en.client.post('/api/support/messages', { body: 'My payout is missing.' });
    const cases = [
      {
        lang: 'de' as const,
        partner: de,
        text: 'Antworte auf die Supportnachricht von Frau Quirinius: „Ist erledigt, bitte noch mal prüfen.“',
        body: 'Ist erledigt, bitte noch mal prüfen.',
      },
      {
        lang: 'en' as const,
        partner: en,
        text: "Please reply to support message #s-2207 from Ms Quillfeather: 'Sorted, please check again.'",
        body: 'Sorted, please check again.',
      },
    ];
    for (const c of cases) {
      admin.client.lang = c.lang;
      const session = await createSession(admin.client, c.lang);
      const turn = await sendChat(admin.client, session, c.text);
      const part = turn.tools.find((t) => t.toolName === 'answerSupportMessage')!;
      expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED' });
      expect(JSON.stringify(part.output!.data)).toContain(c.partner.user.email);
      expect((await confirm(admin.client, session, part.output!.confirmation!.id)).body.status).toBe('confirmed');
      const own = (await c.partner.client.get<{ messages: { fromTeam: boolean; body: string }[] }>('/api/support/messages')).body.messages;
      expect(own.at(-1)).toMatchObject({ fromTeam: true, body: c.body });
    }
    admin.client.lang = 'de';
  });

  it('asks for the address when a name fits two partners, and is no tool for partners', async () => {
    const a = await signedInClient(app, { role: 'seeker', name: 'Doppel Eins' });
    const b = await signedInClient(app, { role: 'provider', name: 'Doppel Zwei' });
    await a.client.post('/api/support/messages', { body: 'Frage A' });
    await b.client.post('/api/support/messages', { body: 'Frage B' });
    const session = await createSession(admin.client, 'de');
    const ambiguous = await sendChat(admin.client, session, 'Antworte Doppel: Hallo!');
    expect(ambiguous.tools.map((t) => [t.toolName, t.output?.reason])).toEqual([['answerSupportMessage', 'SUPPORT_PARTNER_AMBIGUOUS']]);
    const byMail = await sendChat(admin.client, session, `Antworte ${b.user.email}: Hallo B!`);
    expect(byMail.tools.find((t) => t.toolName === 'answerSupportMessage')?.output?.reason).toBe('CONFIRMATION_REQUIRED');

    const partnerSession = await createSession(a.client, 'de');
    const turn = await sendChat(a.client, partnerSession, `Antworte ${b.user.email}: Hallo!`);
    expect(turn.tools.map((t) => t.toolName)).not.toContain('answerSupportMessage');
    const list = await sendChat(a.client, partnerSession, 'Zeig mir die ungelesenen Support-Nachrichten');
    expect(list.tools.map((t) => t.toolName)).not.toContain('listSupportInbox');
  });
});
