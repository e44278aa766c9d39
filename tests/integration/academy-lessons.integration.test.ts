// The partner academy as lessons (issue 25, decision 083): the six seeded lessons served with their written
// text in German and English and the live figures their placeholders stand for; admins edit the text (both
// languages required, checked on the server, audited); progress is what the partner marks done, never opening.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { DEFAULT_PLAN } from '../../core/affiliate/commission-plan.ts';
import { LESSON_PLACEHOLDERS } from '../../core/affiliate/lesson.ts';
import type { AcademyView } from '../../core/api/affiliate.ts';

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
const SEEDED = ['av-start-1', 'av-start-2', 'av-adv-1', 'av-adv-2', 'av-tools-1', 'av-tools-2'];

describe('lessons', () => {
  it('serves the six seeded lessons with a written text in German and English, no video and no placeholder text', async () => {
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    const de = (await partner.get<AcademyView>('/api/affiliate/academy')).body;
    partner.lang = 'en';
    const en = (await partner.get<AcademyView>('/api/affiliate/academy')).body;
    expect(de.videos.map((v) => v.id).sort()).toEqual([...SEEDED].sort());
    // Only the lesson's own placeholders, [LEVELS], and the marketing templates' [AFFILIATE_LINK] / [NAME] it explains.
    const allowed = new Set<string>([...LESSON_PLACEHOLDERS, 'LEVELS', 'AFFILIATE_LINK', 'NAME']);
    for (const id of SEEDED) {
      const d = de.videos.find((v) => v.id === id)!;
      const e = en.videos.find((v) => v.id === id)!;
      expect(d.url).toBeNull();
      expect(d.body.length).toBeGreaterThan(600);
      expect(e.body.length).toBeGreaterThan(600);
      expect(d.body).not.toBe(e.body);
      expect(d.title).not.toBe(e.title);
      for (const body of [d.body, e.body]) {
        expect(body).not.toMatch(/bald verfügbar|coming soon/i);
        for (const [, key] of body.matchAll(/\[([A-Z0-9_]+)\]/g)) expect(allowed.has(key!), `${id}: [${key}]`).toBe(true);
      }
    }
    // The lessons the issue asks for: the unlock and its split, levels, the rules, data protection, taxes.
    const all = (v: AcademyView) => v.videos.map((l) => l.body).join('\n');
    expect(all(de)).toMatch(/\[UNLOCK_PRICE\] Goints/);
    expect(all(de)).toContain('[PLATFORM_SHARE]');
    expect(all(de)).toContain('[LEVELS]');
    expect(all(de)).toMatch(/Fake-Anmeldungen/);
    expect(all(de)).toMatch(/Datenschutz/);
    expect(all(de)).toMatch(/Provisionen sind Einkünfte/);
    expect(all(en)).toMatch(/Commissions are income/);
    expect(all(en)).toMatch(/No fake sign-ups/);
    // The seeded lessons are German in German and English in English.
    expect(de.videos.find((v) => v.id === 'av-start-1')?.body).toMatch(/^akut verbindet/);
    expect(en.videos.find((v) => v.id === 'av-start-1')?.body).toMatch(/^akut connects/);
  });

  it('gives the figures in force: an admin changing the plan or the refund window changes what the lessons say', async () => {
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    const before = (await partner.get<AcademyView>('/api/affiliate/academy')).body.figures;
    expect(before).toEqual({
      plan: { poolBp: DEFAULT_PLAN.poolBp, levelsBp: DEFAULT_PLAN.levelsBp },
      unlockPriceGoints: 50,
      maxUnlocks: 5,
      platformShareBp: 5000,
      refundWindowDays: 14,
      minPayoutCents: 1000,
      welcomeBonusGoints: 50,
      signupBurstCount: 10,
      invitesPerDay: 10,
    });
    expect((await admin.client.request('PUT', '/api/admin/affiliate/plan', { preset: 'two_levels' })).status).toBe(200);
    await prisma().setting.upsert({
      where: { key: 'affiliate.refundWindowDays' },
      create: { key: 'affiliate.refundWindowDays', value: 30 },
      update: { value: 30 },
    });
    const after = (await partner.get<AcademyView>('/api/affiliate/academy')).body.figures;
    expect(after.plan.levelsBp.slice(0, 3)).toEqual([7500, 2500, 0]);
    expect(after.refundWindowDays).toBe(30);
    await prisma().commissionPlan.create({ data: { poolBp: DEFAULT_PLAN.poolBp, levelsBp: DEFAULT_PLAN.levelsBp, preset: 'ten_levels' } });
    await prisma().setting.delete({ where: { key: 'affiliate.refundWindowDays' } });
  });
});

describe('progress', () => {
  it('counts lessons the partner marked done (a lesson without video too), never one only opened, each partner their own', async () => {
    const a = (await signedInClient(app, { role: 'seeker' })).client;
    const b = (await signedInClient(app, { role: 'seeker' })).client;
    const first = (await a.get<AcademyView>('/api/affiliate/academy')).body;
    expect(first.progress).toEqual({ watched: 0, total: first.videos.length });
    // Reading the lessons again and again marks nothing.
    await a.get('/api/affiliate/academy');
    expect((await a.get<AcademyView>('/api/affiliate/academy')).body.progress.watched).toBe(0);

    expect((await a.request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: true })).status).toBe(200);
    expect((await a.request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: true })).status).toBe(200);
    expect((await a.request('PUT', '/api/affiliate/academy/av-tools-2/progress', { watched: true })).status).toBe(200);
    const now = (await a.get<AcademyView>('/api/affiliate/academy')).body;
    expect(now.progress).toEqual({ watched: 2, total: first.progress.total });
    expect(now.videos.filter((v) => v.watched).map((v) => v.id)).toEqual(['av-start-1', 'av-tools-2']);
    expect((await b.get<AcademyView>('/api/affiliate/academy')).body.progress.watched).toBe(0);

    // A hidden lesson counts neither in the total nor as done, and cannot be marked.
    await prisma().academyVideo.update({ where: { id: 'av-tools-2' }, data: { active: false } });
    expect((await a.get<AcademyView>('/api/affiliate/academy')).body.progress).toEqual({ watched: 1, total: first.progress.total - 1 });
    expect((await a.request('PUT', '/api/affiliate/academy/av-tools-2/progress', { watched: false })).status).toBe(404);
    await prisma().academyVideo.update({ where: { id: 'av-tools-2' }, data: { active: true } });

    expect((await a.request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: false })).status).toBe(200);
    expect((await a.get<AcademyView>('/api/affiliate/academy')).body.progress.watched).toBe(1);
    expect((await a.request('PUT', '/api/affiliate/academy/nope-1/progress', { watched: true })).status).toBe(404);
    expect((await app.client().request('PUT', '/api/affiliate/academy/av-start-1/progress', { watched: true })).status).toBe(401);
  });
});

describe('admin edits a lesson', () => {
  it('requires the text in both languages, checks its length, serves the change to partners and audits it', async () => {
    const input = {
      category: 'tools',
      titleDe: 'Flyer gestalten',
      titleEn: 'Designing flyers',
      bodyDe: 'Ein Flyer braucht **deinen QR-Code**.\n\n- kurz\n- ehrlich',
      bodyEn: 'A flyer needs **your QR code**.\n\n- short\n- honest',
    };
    const partner = (await signedInClient(app, { role: 'seeker' })).client;
    expect((await partner.post('/api/admin/affiliate/videos', input)).status).toBe(403);
    const { bodyEn: _en, ...withoutEn } = input;
    for (const bad of [withoutEn, { ...input, bodyDe: '  \n ' }, { ...input, bodyEn: 'x'.repeat(20_001) }]) {
      const res = await admin.client.request<{ error: { code: string } }>('POST', '/api/admin/affiliate/videos', bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await prisma().academyVideo.count({ where: { titleDe: 'Flyer gestalten' } })).toBe(0);

    const created = await admin.client.post<{ id: string; bodyDe: string; bodyEn: string; url: string | null }>('/api/admin/affiliate/videos', input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ bodyDe: input.bodyDe, bodyEn: input.bodyEn, url: null });
    const id = created.body.id;

    expect((await admin.client.request('PATCH', `/api/admin/affiliate/videos/${id}`, { bodyEn: '' })).status).toBe(400);
    expect(
      (await admin.client.request('PATCH', `/api/admin/affiliate/videos/${id}`, { bodyDe: 'Neu: **[UNLOCK_PRICE] Goints** pro Freischaltung.' })).status,
    ).toBe(200);
    const lesson = async (lang: 'de' | 'en') => {
      partner.lang = lang;
      return (await partner.get<AcademyView>('/api/affiliate/academy')).body.videos.find((v) => v.id === id);
    };
    expect((await lesson('de'))?.body).toBe('Neu: **[UNLOCK_PRICE] Goints** pro Freischaltung.');
    expect((await lesson('en'))?.body).toBe(input.bodyEn);
    const admins = (await admin.client.get<{ videos: { id: string; bodyDe: string; bodyEn: string }[] }>('/api/admin/affiliate/videos')).body.videos;
    expect(admins.find((v) => v.id === id)).toMatchObject({ bodyDe: 'Neu: **[UNLOCK_PRICE] Goints** pro Freischaltung.', bodyEn: input.bodyEn });

    const log = await prisma().auditLog.findMany({ where: { entityType: 'AcademyVideo', entityId: id }, orderBy: { createdAt: 'asc' } });
    expect(log.map((e) => e.action)).toEqual(['academyVideo.create', 'academyVideo.update']);
    expect(log[1]!.before).toMatchObject({ bodyDe: input.bodyDe });
    expect(log[1]!.after).toMatchObject({ bodyDe: 'Neu: **[UNLOCK_PRICE] Goints** pro Freischaltung.' });
    expect((await admin.client.request('DELETE', `/api/admin/affiliate/videos/${id}`)).status).toBe(200);
  });
});
