// What a killed process leaves half done is completed (issue 24, decision 060), on both databases: a chat
// confirmation left `running` once its runner's lease has passed (by the person's retry or by the recovery
// job; run again only when that is safe, else failed cleanly), a verified seeker's draft never released, an
// open request never matched. The crash itself, with real processes, is crash-recovery.integration.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { createUser } from '../factories/users.ts';
import { createProvider } from '../factories/marketplace.ts';
import { chatTools, sendMachineEvent, type ChatToolContext } from '../../server/chat/tools/index.ts';
import { recoverChatConfirmations } from '../../server/chat/confirm.ts';
import { completeRequestReleases, RELEASE_GRACE_MS } from '../../server/domain/requests/complete-request-releases.ts';

let app: TestApp;
const prisma = () => app.deps.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  await createProvider(app.deps, { categories: ['dienstleistungen'], postcode: '10115', radiusKm: 30 });
});
afterAll(async () => {
  await app?.close();
});

type ConfirmAnswer = { status: string; repeated: boolean; result: { accepted: boolean; reason?: string; data?: { requestStatus?: string } } | null };

async function seekerAtSummary() {
  const { client } = await signedInClient(app, { role: 'seeker' });
  client.lang = 'de';
  const sessionId = await createSession(client, 'de');
  await sendChat(client, sessionId, 'Mia');
  const need = await sendChat(client, sessionId, 'Ich suche eine Putzhilfe in 10115 Berlin für 150 Euro, ab morgen');
  const confirmation = need.tools.at(-1)?.output?.confirmation;
  expect(confirmation?.status, need.text).toBe('pending');
  return { client, sessionId, confirmationId: confirmation!.id };
}

/** The row as a process killed in the middle of the run leaves it: running, its lease until `leaseUntil`. */
async function leftRunning(id: string, leaseUntil: Date | null, decidedBy: string | null) {
  await prisma().chatConfirmation.update({ where: { id }, data: { status: 'running', attempt: 1, leaseUntil, decidedAt: new Date(), decidedBy } });
}

const confirm = (c: TestClient, sessionId: string, confirmationId: string) =>
  c.post<ConfirmAnswer>('/api/chat/confirm', { sessionId, confirmationId, decision: 'confirm' });

async function expectRequestOpenAndMatched(sessionId: string, confirmationId: string) {
  const requests = await prisma().request.findMany({ where: { sessionId } });
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ sourceKey: confirmationId, status: 'open' });
  expect(requests[0]!.matchedAt).not.toBeNull();
  expect(await prisma().match.count({ where: { requestId: requests[0]!.id } })).toBe(1);
}

describe('a chat confirmation left running', () => {
  it('was answered 409 for ever; once its lease has passed, the retry completes it and answers the outcome', async () => {
    const s = await seekerAtSummary();
    const userId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).userId;
    await leftRunning(s.confirmationId, new Date(Date.now() - 1_000), userId);
    const retry = await confirm(s.client, s.sessionId, s.confirmationId);
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ status: 'confirmed', repeated: false, result: { accepted: true, data: { requestStatus: 'open' } } });
    await expectRequestOpenAndMatched(s.sessionId, s.confirmationId);
    expect(await prisma().chatConfirmation.findUniqueOrThrow({ where: { id: s.confirmationId } })).toMatchObject({
      status: 'confirmed',
      attempt: 2,
      leaseUntil: null,
    });
    expect((await confirm(s.client, s.sessionId, s.confirmationId)).body).toMatchObject({ status: 'confirmed', repeated: true });
  });

  it('a row from before leases (no lease at all) counts as abandoned', async () => {
    const s = await seekerAtSummary();
    const userId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).userId;
    await leftRunning(s.confirmationId, null, userId);
    expect((await confirm(s.client, s.sessionId, s.confirmationId)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
  });

  it('waits while the lease is still live (its runner may be working), then takes over', async () => {
    const s = await seekerAtSummary();
    const userId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).userId;
    const leaseUntil = new Date(Date.now() + 1_500);
    await leftRunning(s.confirmationId, leaseUntil, userId);
    const retry = await confirm(s.client, s.sessionId, s.confirmationId);
    expect(Date.now()).toBeGreaterThanOrEqual(leaseUntil.getTime());
    expect(retry.body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
  });

  it('a cancel cannot undo a run that may have happened', async () => {
    const s = await seekerAtSummary();
    const userId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).userId;
    await leftRunning(s.confirmationId, new Date(Date.now() - 1_000), userId);
    const cancel = await s.client.post<{ error: { code: string } }>('/api/chat/confirm', {
      sessionId: s.sessionId,
      confirmationId: s.confirmationId,
      decision: 'cancel',
    });
    expect(cancel.status).toBe(409);
    // Completed (as a confirm) by whoever comes next.
    expect(await recoverChatConfirmations(app.deps)).toBe(1);
    expect(await prisma().chatConfirmation.findUniqueOrThrow({ where: { id: s.confirmationId } })).toMatchObject({ status: 'confirmed' });
  });

  it('the recovery job completes it when nobody asks again', async () => {
    const s = await seekerAtSummary();
    const userId = (await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).userId;
    await leftRunning(s.confirmationId, new Date(Date.now() + 60_000), userId);
    expect(await recoverChatConfirmations(app.deps)).toBe(0);
    await prisma().chatConfirmation.update({ where: { id: s.confirmationId }, data: { leaseUntil: new Date(Date.now() - 1_000) } });
    expect(await recoverChatConfirmations(app.deps)).toBe(1);
    expect(await prisma().chatConfirmation.findUniqueOrThrow({ where: { id: s.confirmationId } })).toMatchObject({ status: 'confirmed' });
    await expectRequestOpenAndMatched(s.sessionId, s.confirmationId);
    expect((await prisma().chatSession.findUniqueOrThrow({ where: { id: s.sessionId } })).machineState).toBe('submitted');
    // The stored card shows the outcome after a reload.
    const history = await s.client.get<{ messages: { parts: { output?: { confirmation?: { id: string; status: string } } }[] }[] }>(
      `/api/chat/session/${s.sessionId}`,
    );
    const card = history.body.messages.flatMap((m) => m.parts).find((p) => p.output?.confirmation?.id === s.confirmationId);
    expect(card?.output?.confirmation?.status).toBe('confirmed');
    expect(await recoverChatConfirmations(app.deps)).toBe(0);
  });

  describe('a tool whose second run could do it twice', () => {
    let runs = 0;
    let unregister: (() => void) | undefined;
    beforeAll(() => {
      unregister = chatTools.add({
        name: 'testSendGreetingCard',
        description: 'Send a greeting card (test tool; each run sends one).',
        input: z.object({ to: z.string() }),
        access: 'user',
        machine: 'welcome',
        states: ['greeting', 'explainingHowItWorks'],
        requiresConfirmation: true,
        confirmSummary: (input: { to: string }) => ({ key: 'confirm.summary.default', params: { tool: input.to } }),
        understand: { exact: ({ text }) => (/grusskarte an (\w+)/i.test(text) ? { to: /grusskarte an (\w+)/i.exec(text)![1]! } : null) },
        run: async (ctx: ChatToolContext) => {
          runs += 1;
          return sendMachineEvent(ctx, { type: 'HOW_IT_WORKS_CHOSEN' });
        },
      });
    });
    afterAll(() => unregister?.());

    it('is not run again: the confirmation fails cleanly with a translated reason', async () => {
      const { client, user } = await signedInClient(app, { role: 'admin' });
      const sessionId = await createSession(client, 'de');
      const turn = await sendChat(client, sessionId, 'Bitte eine Grusskarte an Jana senden');
      const id = turn.tools.find((t) => t.toolName === 'testSendGreetingCard')?.output?.confirmation?.id;
      expect(id, turn.text).toBeTruthy();
      await leftRunning(id!, new Date(Date.now() - 1_000), user.id);
      const retry = await confirm(client, sessionId, id!);
      expect(retry.body).toMatchObject({ status: 'failed', result: { accepted: false, reason: 'CHAT_CONFIRMATION_INTERRUPTED' } });
      expect(runs).toBe(0);
      expect((await confirm(client, sessionId, id!)).body).toMatchObject({ status: 'failed', repeated: true });
    });
  });
});

describe('releases a crash interrupted', () => {
  const descriptions = [
    'Wir suchen eine zuverlässige Putzhilfe für die Wohnung, jede Woche drei Stunden am Vormittag.',
    'Fenster in einem Altbau mit zwölf Flügeln innen und außen reinigen lassen, einmalig vor Weihnachten.',
    'Umzugshilfe gesucht: zwei kräftige Helfer tragen Möbel aus dem dritten Stock in einen Transporter.',
    'Gartenpflege für ein kleines Reihenhaus: Rasen mähen, Hecke schneiden und Laub im Herbst entfernen.',
    'Babysitter für zwei Abende im Monat gesucht, Kinder sind vier und sieben Jahre alt und ganz lieb.',
  ];
  const stored = async (userId: string | null, status: 'draft' | 'open', ageMs: number) => {
    const at = new Date(Date.now() - ageMs);
    const r = await prisma().request.create({
      data: {
        userId,
        kategorie: 'dienstleistungen',
        beschreibung: descriptions.pop()!,
        postcode: '10115',
        ort: 'Berlin',
        status,
        ...(status === 'open' ? { lat: 52.532, lon: 13.3848, releasedAt: at } : {}),
      },
    });
    // updatedAt is set by Prisma on every write: age it by SQL.
    await prisma().$executeRaw`UPDATE "Request" SET "updatedAt" = ${at} WHERE id = ${r.id}`;
    return r.id;
  };

  it('releases and matches a verified seeker’s draft, matches an open request never matched, and leaves the rest', async () => {
    const verified = await createUser(prisma(), { role: 'seeker' });
    const unverified = await createUser(prisma(), { role: 'seeker', emailVerified: false });
    const old = RELEASE_GRACE_MS + 5_000;
    const heldDraft = await stored(verified.id, 'draft', old);
    const freshDraft = await stored(verified.id, 'draft', 1_000);
    const unverifiedDraft = await stored(unverified.id, 'draft', old);
    const anonymousDraft = await stored(null, 'draft', old);
    const unmatched = await stored(verified.id, 'open', old);

    const done = await completeRequestReleases(app.deps);
    expect(done.released).toBeGreaterThanOrEqual(1);
    expect(done.matched).toBeGreaterThanOrEqual(1);
    const rows = new Map(
      (await prisma().request.findMany({ where: { id: { in: [heldDraft, freshDraft, unverifiedDraft, anonymousDraft, unmatched] } } })).map((r) => [r.id, r]),
    );
    expect(rows.get(heldDraft)).toMatchObject({ status: 'open' });
    expect(rows.get(heldDraft)!.matchedAt).not.toBeNull();
    expect(rows.get(unmatched)!.matchedAt).not.toBeNull();
    for (const id of [heldDraft, unmatched]) expect(await prisma().match.count({ where: { requestId: id } })).toBe(1);
    // A release that may be under way right now, and drafts that must wait, stay as they are.
    for (const id of [freshDraft, unverifiedDraft, anonymousDraft]) expect(rows.get(id)).toMatchObject({ status: 'draft' });
  });
});
