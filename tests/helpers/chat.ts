// Chat over HTTP for integration tests: sessions, turns, and the UI message stream parsed the way the
// browser's useChat reads it (readUIMessageStream from the AI SDK).
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import type { TestClient, TestResponse } from './test-app.ts';

export function parseSse(text: string): UIMessageChunk[] {
  const chunks: UIMessageChunk[] = [];
  for (const block of text.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (!data || data === '[DONE]') continue;
    chunks.push(JSON.parse(data) as UIMessageChunk);
  }
  return chunks;
}

export async function messageFromChunks(chunks: UIMessageChunk[]): Promise<UIMessage | undefined> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const m of readUIMessageStream({ stream })) last = m;
  return last;
}

export interface ToolPartView {
  type: string;
  toolName: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: Record<string, unknown> & { accepted?: boolean; state?: string; reason?: string; confirmation?: { id: string; status: string } };
  errorText?: string;
}

export function toolParts(message: UIMessage | undefined): ToolPartView[] {
  return (message?.parts ?? [])
    .filter((p) => p.type.startsWith('tool-') || p.type === 'dynamic-tool')
    .map((p) => {
      const part = p as unknown as ToolPartView & { toolName?: string };
      return { ...part, toolName: part.toolName ?? p.type.slice('tool-'.length) };
    });
}

export function textOf(message: UIMessage | undefined): string {
  return (message?.parts ?? [])
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('\n');
}

export interface ChatTurn {
  res: TestResponse;
  status: number;
  chunks: UIMessageChunk[];
  message: UIMessage | undefined;
  text: string;
  tools: ToolPartView[];
}

/** The turn's tool part of this name; fails naming the turn's tools and text when there is none. */
export function toolPart(turn: ChatTurn, name: string): ToolPartView {
  const part = turn.tools.find((t) => t.toolName === name);
  if (!part) throw new Error(`no ${name} in ${JSON.stringify(turn.tools.map((t) => t.toolName))}: ${turn.text}`);
  return part;
}

/** The data of the turn's tool part of this name. */
export function toolData(turn: ChatTurn, name: string): Record<string, unknown> {
  return toolPart(turn, name).output!.data as Record<string, unknown>;
}

export async function createSession(client: TestClient, lang: 'de' | 'en' = client.lang): Promise<string> {
  const res = await client.post<{ id: string }>('/api/chat/session', { lang });
  if (res.status !== 200) throw new Error(`session create failed: ${res.status} ${res.text}`);
  return res.body.id;
}

export async function sendChat(
  client: TestClient,
  sessionId: string,
  text: string,
  opts: { lang?: 'de' | 'en'; headers?: Record<string, string>; messageId?: string } = {},
): Promise<ChatTurn> {
  const res = await client.post(
    '/api/chat',
    { sessionId, lang: opts.lang ?? client.lang, message: { id: opts.messageId ?? crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text }] } },
    opts.headers,
  );
  if (res.status !== 200) return { res, status: res.status, chunks: [], message: undefined, text: '', tools: [] };
  const chunks = parseSse(res.text);
  const message = await messageFromChunks(chunks);
  return { res, status: res.status, chunks, message, text: textOf(message), tools: toolParts(message) };
}

export async function getSession(client: TestClient, sessionId: string) {
  return client.get<{ id: string; machine: string; state: string; messages: UIMessage[]; error?: { code: string; message: string } }>(
    `/api/chat/session/${sessionId}`,
  );
}
