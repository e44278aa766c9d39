// A local server that speaks OpenAI's chat-completions streaming protocol (SSE), including tool calls,
// so the real @ai-sdk/openai provider code runs against it offline. Tests script the replies and read
// the requests the provider sent.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCompletionRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: unknown; tool_calls?: { id: string; function: { name: string; arguments: string } }[]; tool_call_id?: string }[];
  tools?: { type: 'function'; function: { name: string; description?: string; parameters: unknown } }[];
  [key: string]: unknown;
}

export type FakeReply = { text: string } | { toolCalls: { name: string; arguments: Record<string, unknown> }[] } | { status: number; error: string };

export interface FakeOpenAIServer {
  url: string;
  /** The /v1 base URL for OPENAI_BASE_URL. */
  baseUrl: string;
  requests: ChatCompletionRequest[];
  /** Decides each reply; the default answers tool results with text and everything else with text too. */
  reply: (request: ChatCompletionRequest) => FakeReply;
  close(): Promise<void>;
}

function chunk(id: string, model: string, choice: Record<string, unknown> | null, usage?: Record<string, number>) {
  return `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: choice ? [choice] : [], ...(usage ? { usage } : {}) })}\n\n`;
}

function writeReply(res: http.ServerResponse, req: ChatCompletionRequest, reply: FakeReply) {
  if ('status' in reply) {
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: reply.error, type: 'invalid_request_error' } }));
    return;
  }
  const id = `chatcmpl-${Math.random().toString(36).slice(2)}`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const out: string[] = [];
  if ('text' in reply) {
    out.push(chunk(id, req.model, { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }));
    for (const piece of reply.text.match(/\S+\s*/g) ?? []) out.push(chunk(id, req.model, { index: 0, delta: { content: piece }, finish_reason: null }));
    out.push(chunk(id, req.model, { index: 0, delta: {}, finish_reason: 'stop' }));
  } else {
    reply.toolCalls.forEach((call, index) => {
      const args = JSON.stringify(call.arguments);
      const callId = `call_${Math.random().toString(36).slice(2, 10)}`;
      // Name first with empty arguments, then the arguments in two pieces, as OpenAI streams them.
      out.push(
        chunk(id, req.model, {
          index: 0,
          delta: { role: 'assistant', content: null, tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }] },
          finish_reason: null,
        }),
      );
      const cut = Math.ceil(args.length / 2);
      for (const piece of [args.slice(0, cut), args.slice(cut)])
        out.push(chunk(id, req.model, { index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] }, finish_reason: null }));
    });
    out.push(chunk(id, req.model, { index: 0, delta: {}, finish_reason: 'tool_calls' }));
  }
  out.push(chunk(id, req.model, null, { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 }));
  out.push('data: [DONE]\n\n');
  for (const line of out) res.write(line);
  res.end();
}

export async function startFakeOpenAIServer(): Promise<FakeOpenAIServer> {
  const fake: Omit<FakeOpenAIServer, 'url' | 'baseUrl' | 'close'> = {
    requests: [],
    reply: (r) => ({ text: r.messages.at(-1)?.role === 'tool' ? 'Done.' : 'Hello.' }),
  };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }));
        return;
      }
      if (req.headers.authorization !== 'Bearer test') {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'bad key' } }));
        return;
      }
      const parsed = JSON.parse(body) as ChatCompletionRequest;
      fake.requests.push(parsed);
      writeReply(res, parsed, fake.reply(parsed));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    baseUrl: `${url}/v1`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
