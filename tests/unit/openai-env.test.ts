// An empty OPENAI_BASE_URL (a .env line left blank) means 'not set': loading the chat model module must not
// throw, as @ai-sdk/openai does on its own when it loads with an empty value.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function load(module: string) {
  return spawnSync(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--input-type=module', '-e', `await import(${JSON.stringify(path.join(root, module))}); console.log('loaded');`],
    { cwd: root, env: { ...process.env, OPENAI_BASE_URL: '', OPENAI_API_KEY: ' ' }, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('an empty OPENAI_BASE_URL', () => {
  it('is what @ai-sdk/openai refuses on its own (the reason for server/ai/openai-env.ts)', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('@ai-sdk/openai')"], {
      cwd: root,
      env: { ...process.env, OPENAI_BASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/baseURL/);
  });

  it('does not stop the chat model module from loading', () => {
    const r = load('server/ai/model.ts');
    expect(r.stderr).not.toMatch(/baseURL/);
    expect(r.stdout.trim()).toBe('loaded');
  });
});
