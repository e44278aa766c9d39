// The support chat between partners and the admin team: own conversation only, the shared inbox with unread
// counts, any admin may reply, live events both ways, a mail only when the partner is offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';
import { createSession, sendChat } from '../helpers/chat.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

type Msg = { id: string; fromTeam: boolean; subject: string; body: string; readAt: string | null; senderName?: string };
type Inbox = { conversations: { id: string; partner: { id: string }; unread: number; lastMessage: { body: string } | null }[]; unreadTotal: number };

function connect(cookie: string): Promise<{ ws: WebSocket; messages: { type: string; payload?: unknown }[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(app.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie, origin: app.baseUrl } });
    const messages: { type: string; payload?: unknown }[] = [];
    ws.on('message', (d) => messages.push(JSON.parse(d.toString())));
    ws.on('open', () => {
      const wait = () => (messages.length ? resolve({ ws, messages }) : setTimeout(wait, 10));
      wait();
    });
    ws.on('error', reject);
  });
}
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 300 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
};
const closed = (ws: WebSocket) => new Promise<void>((r) => (ws.readyState === ws.CLOSED ? r() : (ws.once('close', () => r()), ws.close())));

const inboxOf = async (c: Awaited<ReturnType<typeof signedInClient>>['client']) => (await c.get<Inbox>('/api/admin/support/conversations')).body;
const mailsTo = (to: string) => app.deps.db.prisma.mailOutbox.findMany({ where: { to, template: 'supportReply' } });

describe('support chat', () => {
  it('a partner writes to the team inbox, sees only their own conversation; another partner cannot read it', async () => {
    const a = await signedInClient(app, { role: 'seeker' });
    const b = await signedInClient(app, { role: 'provider' });
    const admin = await signedInClient(app, { role: 'admin' });

    const sent = await a.client.post<Msg>('/api/support/messages', { body: '  Wann wird meine Provision ausgezahlt?\nDanke  ' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      fromTeam: false,
      subject: 'Affiliate Support Anfrage',
      body: 'Wann wird meine Provision ausgezahlt?\nDanke',
      readAt: null,
    });
    // No admin is the recipient: the message is in the team's inbox.
    const row = await app.deps.db.prisma.supportMessage.findUniqueOrThrow({ where: { id: sent.body.id } });
    expect(row.recipientId).toBeNull();

    expect((await a.client.get<{ messages: Msg[] }>('/api/support/messages')).body.messages.map((m) => m.body)).toEqual([
      'Wann wird meine Provision ausgezahlt?\nDanke',
    ]);
    expect((await b.client.get<{ messages: Msg[] }>('/api/support/messages')).body.messages).toEqual([]);

    // B's own message lands in B's conversation, not A's.
    await b.client.post('/api/support/messages', { body: 'Frage von B' });
    expect((await a.client.get<{ messages: Msg[] }>('/api/support/messages')).body.messages.map((m) => m.body)).toEqual([
      'Wann wird meine Provision ausgezahlt?\nDanke',
    ]);

    // A partner cannot open a conversation through the admin doors.
    const conv = (await inboxOf(admin.client)).conversations.find((c) => c.partner.id === a.user.id)!;
    expect((await b.client.get(`/api/admin/support/conversations/${conv.id}`)).status).toBe(403);
    expect((await b.client.post(`/api/admin/support/conversations/${conv.id}/messages`, { body: 'x' })).status).toBe(403);
    expect((await app.client().get('/api/support/messages')).status).toBe(401);
  });

  it('refuses empty and whitespace-only messages with a translated 400 and stores nothing', async () => {
    const p = await signedInClient(app, { role: 'seeker' });
    for (const body of ['', '   ', '\n\t \n']) {
      const de = await p.client.post<{ error: { code: string; message: string } }>('/api/support/messages', { body });
      expect(de.status).toBe(400);
      expect(de.body.error.code).toBe('SUPPORT_MESSAGE_EMPTY');
      expect(de.body.error.message).toBe('Eine leere Nachricht kann nicht gesendet werden.');
    }
    p.client.lang = 'en';
    const en = await p.client.post<{ error: { message: string } }>('/api/support/messages', { body: '  ' });
    expect(en.body.error.message).toBe('An empty message cannot be sent.');
    expect(await app.deps.db.prisma.supportConversation.count({ where: { partnerId: p.user.id } })).toBe(0);

    const admin = await signedInClient(app, { role: 'admin' });
    await p.client.post('/api/support/messages', { body: 'Hallo' });
    const conv = (await inboxOf(admin.client)).conversations.find((c) => c.partner.id === p.user.id)!;
    const reply = await admin.client.post<{ error: { code: string } }>(`/api/admin/support/conversations/${conv.id}/messages`, { body: ' \n ' });
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('SUPPORT_MESSAGE_EMPTY');
    expect(await app.deps.db.prisma.supportMessage.count({ where: { conversationId: conv.id } })).toBe(1);
  });

  it('counts unread messages per conversation; opening it marks them read for every admin', async () => {
    const p = await signedInClient(app, { role: 'seeker' });
    const admin1 = await signedInClient(app, { role: 'admin' });
    const admin2 = await signedInClient(app, { role: 'admin' });
    await p.client.post('/api/support/messages', { body: 'Eins' });
    await p.client.post('/api/support/messages', { body: 'Zwei' });
    const before = await inboxOf(admin1.client);
    const conv = before.conversations.find((c) => c.partner.id === p.user.id)!;
    expect(conv.unread).toBe(2);
    expect(conv.lastMessage?.body).toBe('Zwei');
    expect(before.unreadTotal).toBeGreaterThanOrEqual(2);

    const opened = await admin1.client.get<{ messages: Msg[] }>(`/api/admin/support/conversations/${conv.id}`);
    expect(opened.body.messages.map((m) => m.body)).toEqual(['Eins', 'Zwei']);
    const after = await inboxOf(admin2.client);
    expect(after.conversations.find((c) => c.id === conv.id)!.unread).toBe(0);
    expect(after.unreadTotal).toBe(before.unreadTotal - 2);
  });

  it('any admin may reply; the partner sees the replies live and the team sees the message live', async () => {
    const p = await signedInClient(app, { role: 'provider' });
    const admin1 = await signedInClient(app, { role: 'admin', name: 'Anna Admin' });
    const admin2 = await signedInClient(app, { role: 'admin', name: 'Bert Admin' });
    const partnerWs = await connect(p.client.cookieHeader);
    const teamWs = await connect(admin2.client.cookieHeader);

    await p.client.post('/api/support/messages', { body: 'Live-Frage' });
    await until(() => teamWs.messages.some((m) => m.type === 'support.message'));
    const incoming = teamWs.messages.find((m) => m.type === 'support.message')!.payload as { conversationId: string; partnerId: string; message: Msg };
    expect(incoming.partnerId).toBe(p.user.id);
    expect(incoming.message.body).toBe('Live-Frage');

    const r1 = await admin1.client.post<Msg & { mailed: boolean }>(`/api/admin/support/conversations/${incoming.conversationId}/messages`, {
      body: 'Antwort von Anna',
    });
    const r2 = await admin2.client.post<Msg & { mailed: boolean }>(`/api/admin/support/conversations/${incoming.conversationId}/messages`, {
      body: 'Ergänzung von Bert',
    });
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r1.body.senderName).toBe('Anna Admin');
    expect(r1.body.mailed).toBe(false);

    await until(() => partnerWs.messages.filter((m) => m.type === 'support.message' && (m.payload as { message: Msg }).message.fromTeam).length === 2);
    const live = partnerWs.messages.filter((m) => m.type === 'support.message').map((m) => (m.payload as { message: Msg }).message);
    expect(live.filter((m) => m.fromTeam).map((m) => m.body)).toEqual(['Antwort von Anna', 'Ergänzung von Bert']);
    // The partner does not learn which admin answered.
    expect(live.every((m) => !('senderName' in m))).toBe(true);

    // The dashboard's chat button shows unread replies without reading them.
    expect((await p.client.get<{ unread: number }>('/api/support/unread')).body).toEqual({ unread: 2 });
    expect((await p.client.get<{ unread: number }>('/api/support/unread')).body).toEqual({ unread: 2 });
    const own = await p.client.get<{ messages: Msg[]; unread: number }>('/api/support/messages');
    expect(own.body.unread).toBe(2);
    // Reading tells the partner's other tabs (and the button's badge).
    await until(() => partnerWs.messages.some((m) => m.type === 'support.read' && (m.payload as { by: string }).by === 'partner'));
    expect(partnerWs.messages.some((m) => m.type === 'support.read' && (m.payload as { by: string }).by === 'partner')).toBe(true);
    expect(own.body.messages.map((m) => [m.fromTeam, m.body])).toEqual([
      [false, 'Live-Frage'],
      [true, 'Antwort von Anna'],
      [true, 'Ergänzung von Bert'],
    ]);
    expect((await p.client.get<{ unread: number }>('/api/support/messages')).body.unread).toBe(0);
    expect((await p.client.get<{ unread: number }>('/api/support/unread')).body).toEqual({ unread: 0 });
    // Online: no mail.
    expect(await mailsTo(p.user.email)).toEqual([]);
    await closed(partnerWs.ws);
    await closed(teamWs.ws);
  });

  it('mails the partner about a reply when they have no open connection (in their language, without the message text)', async () => {
    const p = await signedInClient(app, { role: 'seeker', locale: 'en' });
    const admin = await signedInClient(app, { role: 'admin' });
    await p.client.post('/api/support/messages', { body: 'Offline question' });
    const conv = (await inboxOf(admin.client)).conversations.find((c) => c.partner.id === p.user.id)!;

    const ws = await connect(p.client.cookieHeader);
    await admin.client.post(`/api/admin/support/conversations/${conv.id}/messages`, { body: 'While online' });
    expect(await mailsTo(p.user.email)).toHaveLength(0);
    await closed(ws.ws);
    await until(() => !app.deps.presence.isOnline(p.user.id));

    const r = await admin.client.post<{ mailed: boolean }>(`/api/admin/support/conversations/${conv.id}/messages`, {
      body: 'See https://evil.example/x while offline',
    });
    expect(r.body.mailed).toBe(true);
    const mails = await mailsTo(p.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reply from akut support');
    expect(mails[0]!.text).toContain('Affiliate Support Anfrage');
    expect(mails[0]!.text).not.toContain('evil.example');
    expect(mails[0]!.html).not.toContain('evil.example');
  });

  it('refuses the inbox to an admin without two factors and to non-admins', async () => {
    const noTotp = await createUser(app.deps.db.prisma, { role: 'admin' });
    const c = app.client();
    await signIn(c, noTotp.email, noTotp.password);
    const res = await c.get<{ error: { code: string } }>('/api/admin/support/conversations');
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    const seeker = await signedInClient(app, { role: 'seeker' });
    expect((await seeker.client.get('/api/admin/support/conversations')).status).toBe(403);
    expect((await app.client().get('/api/admin/support/conversations')).status).toBe(401);
  });
});

describe('support by chat', () => {
  for (const lang of ['de', 'en'] as const) {
    it(`proposes the person's own words for the team inbox and sends them only on the person's confirmation (${lang})`, async () => {
      const { client, user } = await signedInClient(app, { role: lang === 'de' ? 'seeker' : 'provider', locale: lang });
      client.lang = lang;
      const admin = await signedInClient(app, { role: 'admin' });
      const session = await createSession(client, lang);
      const said = lang === 'de' ? 'Schreib dem Support: Wie bekomme ich mein Werbematerial?' : 'Write to support: How do I get my marketing material?';
      const turn = await sendChat(client, session, said);
      const part = turn.tools.find((t) => t.toolName === 'writeSupportMessage')!;
      expect(part.input).toEqual({ body: said.slice(said.indexOf(':') + 1).trim() });
      expect(part.output).toMatchObject({ accepted: false, reason: 'CONFIRMATION_REQUIRED', confirmation: { status: 'pending' } });
      expect(await app.deps.db.prisma.supportMessage.count({ where: { senderId: user.id } })).toBe(0);

      const confirmed = await client.post<{ status: string }>('/api/chat/confirm', {
        sessionId: session,
        confirmationId: part.output!.confirmation!.id,
        decision: 'confirm',
      });
      expect(confirmed.body.status).toBe('confirmed');
      const conv = (await inboxOf(admin.client)).conversations.find((c) => c.partner.id === user.id)!;
      expect(conv.unread).toBe(1);
      expect(conv.lastMessage?.body).toBe(said.slice(said.indexOf(':') + 1).trim());
      // The same conversation as the dashboard's.
      expect((await client.get<{ messages: Msg[] }>('/api/support/messages')).body.messages.map((m) => m.body)).toEqual([conv.lastMessage!.body]);
    });
  }
});
