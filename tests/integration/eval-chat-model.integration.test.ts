// `npm run eval:chat -- --blind <file> --model openai` measures the model an operator configures: each blind
// message goes through the chat's HTTP door as the first turn of a fresh conversation of its role, and the first
// tool the model calls is its action. Run here against the fake OpenAI server, which picks the tools, so that
// the wiring (roles signed in, the model reached, its tool calls scored, the table printed) stays tested.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatCompletionRequest, type FakeOpenAIServer, startFakeOpenAIServer } from '../helpers/fake-openai-server.ts';

const run = promisify(execFile);
let fake: FakeOpenAIServer;
let file: string;

beforeAll(async () => {
  fake = await startFakeOpenAIServer();
  file = path.join(mkdtempSync(path.join(tmpdir(), 'akut-eval-')), 'blind.json');
  writeFileSync(
    file,
    JSON.stringify({
      items: [
        { id: 't-1', role: 'seeker', lang: 'de', text: 'Zeig mir bitte meine Anfragen', action: 'listMyRequests' },
        { id: 't-2', role: 'provider', lang: 'en', text: 'how many goints have I got', action: 'showBalance' },
        { id: 't-3', role: 'visitor', lang: 'en', text: 'hiya, lovely day', action: 'smallTalk' },
        { id: 't-4', role: 'admin', lang: 'en', text: 'which payouts are waiting', action: 'listPendingPayouts' },
      ],
    }),
  );
});
afterAll(async () => {
  await fake.close();
});

function lastUserText(r: ChatCompletionRequest): string {
  const last = r.messages.at(-1);
  if (last?.role !== 'user') return '';
  const content = last.content;
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((p) => (p as { text?: string }).text ?? '').join(' ') : '';
}

describe('the blind set through an OpenAI-compatible model', () => {
  it('signs in as each role, scores the first tool the model calls and prints the table', async () => {
    const toolsOffered = new Map<string, string[]>();
    fake.reply = (r) => {
      const text = lastUserText(r);
      if (!text) return { text: 'Erledigt.' };
      toolsOffered.set(
        text,
        (r.tools ?? []).map((t) => t.function.name),
      );
      if (text.includes('Anfragen')) return { toolCalls: [{ name: 'listMyRequests', arguments: {} }] };
      // The model gets it wrong for the provider: the matches instead of the balance.
      if (text.includes('goints')) return { toolCalls: [{ name: 'listMatches', arguments: {} }] };
      if (text.includes('payouts')) return { toolCalls: [{ name: 'listPendingPayouts', arguments: {} }] };
      return { text: 'Hi! Nice to hear from you.' };
    };
    const { stdout } = await run(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', 'scripts/eval-chat.ts', '--blind', file, '--model', 'openai', '--show-blind'],
      {
        env: { ...process.env, DATABASE_URL: '', AI_PROVIDER: 'openai', OPENAI_BASE_URL: fake.baseUrl, OPENAI_API_KEY: 'test', AI_MODEL: 'fake-model-2' },
        timeout: 240_000,
      },
    );
    expect(stdout).toContain('model fake-model-2');
    // Three of four right, the provider's a wrong action.
    expect(stdout).toMatch(/^all\s+all\s+4\s+75\.0 %\s+25\.0 %\s+0\.0 %\s+0\.0 %$/m);
    expect(stdout).toMatch(/t-2 provider\/en showBalance → wrong listMatches/);
    // Each role reached the model signed in as itself: the admin was offered the admin's tools, the seeker not.
    expect(toolsOffered.get('which payouts are waiting')).toContain('listPendingPayouts');
    expect(toolsOffered.get('Zeig mir bitte meine Anfragen')).not.toContain('listPendingPayouts');
    expect(fake.requests.every((r) => r.model === 'fake-model-2')).toBe(true);
  });

  it('refuses to run without a configured model rather than measuring the offline one', async () => {
    const error = await run(process.execPath, ['--disable-warning=ExperimentalWarning', 'scripts/eval-chat.ts', '--blind', file, '--model', 'openai'], {
      env: { ...process.env, DATABASE_URL: '', AI_PROVIDER: '', OPENAI_BASE_URL: '', OPENAI_API_KEY: '' },
      timeout: 120_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toContain('--model openai needs an OpenAI-compatible endpoint');
  });
});
