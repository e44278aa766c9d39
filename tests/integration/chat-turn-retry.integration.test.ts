// A chat turn sent again under the browser's message id (issue 24, decision 064): the person's message is
// stored once and answered once. An answered message gets its stored reply again without a second run; one
// stored without its reply (the instance died mid-turn) is answered now. The kill itself, with real
// processes: crash-recovery.integration.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { createSession, sendChat } from '../helpers/chat.ts';
import { userMessageId } from '../../server/chat/turn-retry.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const messages = (sessionId: string) => app.deps.db.prisma.chatMessage.findMany({ where: { sessionId }, orderBy: { seq: 'asc' } });

describe('a chat turn sent again', () => {
  it('answered before: the same reply comes back, nothing is stored or run again', async () => {
    const c = app.client();
    const sessionId = await createSession(c, 'de');
    const messageId = crypto.randomUUID();
    const first = await sendChat(c, sessionId, 'Mia', { messageId });
    expect(first.tools.at(-1)).toMatchObject({ toolName: 'submitFirstName', output: { accepted: true } });
    const stored = await messages(sessionId);
    const session = await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } });

    const again = await sendChat(c, sessionId, 'Mia', { messageId });
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.tools.map((t) => [t.toolName, t.output?.accepted])).toEqual(first.tools.map((t) => [t.toolName, t.output?.accepted]));
    expect((await messages(sessionId)).map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({
      machineState: session.machineState,
      machineVersion: session.machineVersion,
    });
    // Another message (another id) is a turn of its own.
    const next = await sendChat(c, sessionId, 'Meine Heizung ist kaputt');
    expect(next.tools.at(-1)?.output?.accepted).toBe(true);
  });

  it('stored without its reply (the turn died with its instance): answered now, and stored once', async () => {
    const c = app.client();
    const sessionId = await createSession(c, 'de');
    const messageId = crypto.randomUUID();
    // What the killed turn left: the person's message, no reply, the machine where it was.
    await app.deps.db.prisma.chatMessage.create({
      data: { id: userMessageId(sessionId, messageId), sessionId, role: 'user', parts: [{ type: 'text', text: 'Mia' }] },
    });
    const retry = await sendChat(c, sessionId, 'Mia', { messageId });
    expect(retry.tools.at(-1)).toMatchObject({ toolName: 'submitFirstName', output: { accepted: true } });
    const rows = await messages(sessionId);
    expect(rows.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(rows.at(-1)?.role).toBe('assistant');
    expect((await app.deps.db.prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).machineState).not.toBe('greeting');
  });

  it('a message id is the session’s own: the same id in another session is another message', async () => {
    const c = app.client();
    const messageId = crypto.randomUUID();
    const a = await createSession(c, 'de');
    const b = await createSession(c, 'de');
    await sendChat(c, a, 'Mia', { messageId });
    const other = await sendChat(c, b, 'Lena', { messageId });
    expect(other.tools.at(-1)).toMatchObject({ toolName: 'submitFirstName', output: { accepted: true } });
    expect((await messages(b)).filter((m) => m.role === 'user')).toHaveLength(1);
  });
});
