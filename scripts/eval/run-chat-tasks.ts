// Runs the multi-turn tasks (chat-tasks.ts) against a test app on a fresh embedded database: every phrasing
// of every task from a fresh start, through the chat's HTTP doors as the browser uses them. A task passes
// (pass^3) only when all its phrasings succeed. Reports per role; asserts nothing.
//   npm run eval:chat:tasks -- [--only=<task id,…>] [--show]
// With a real model: OPENAI_BASE_URL (an OpenAI-compatible endpoint), OPENAI_API_KEY and AI_MODEL in the
// environment run the same tasks through it instead of the offline model (the report names which one ran).
import { startTestApp } from '../../tests/helpers/test-app.ts';
import { modelEnvironment, run } from './chat-harness.ts';
import { TASKS, type Task, type TaskRole } from './chat-tasks.ts';

export interface TaskResult {
  id: string;
  role: TaskRole;
  lang: string;
  phrasings: { ok: boolean; why: string; log: string[] }[];
}

export async function runChatTasks(opts: { only?: string[]; show?: boolean; log?: (line: string) => void } = {}): Promise<TaskResult[]> {
  const say = opts.log ?? ((line: string) => console.log(line));
  const tasks = TASKS.filter((t) => !opts.only?.length || opts.only.includes(t.id));
  const env = modelEnvironment();
  const app = await startTestApp(env);
  say(`model: ${app.deps.config.ai.provider}${app.deps.config.ai.provider === 'openai' ? ` (${env.AI_MODEL ?? 'default'})` : ''}`);
  const results: TaskResult[] = [];
  try {
    for (const task of tasks) {
      const result: TaskResult = { id: task.id, role: task.role, lang: task.lang, phrasings: [] };
      for (const steps of task.phrasings) {
        let ok = false;
        let why = '';
        let log: string[] = [];
        try {
          const r = await task.setup(app);
          try {
            await run(r.conversation, steps);
            const verdict = await task.check(r);
            ok = verdict === true;
            why = verdict === true ? '' : verdict;
          } finally {
            log = r.conversation.log;
          }
        } catch (err) {
          why = err instanceof Error ? err.message : String(err);
        }
        result.phrasings.push({ ok, why, log });
      }
      results.push(result);
      const passed = result.phrasings.filter((p) => p.ok).length;
      say(`${passed === result.phrasings.length ? 'PASS' : 'fail'} ${task.role.padEnd(8)} ${task.lang} ${task.id} (${passed}/${result.phrasings.length})`);
      if (opts.show)
        for (const [i, p] of result.phrasings.entries()) if (!p.ok) say(`   phrasing ${i + 1}: ${p.why}\n${p.log.map((l) => `      ${l}`).join('\n')}`);
    }
  } finally {
    await app.close();
  }
  return results;
}

/** pass^3 per role: the share of tasks whose every phrasing succeeded. */
export function summarize(results: readonly TaskResult[]) {
  const roles = [...new Set(results.map((r) => r.role))];
  const rows = roles.map((role) => {
    const of = results.filter((r) => r.role === role);
    const all = of.filter((r) => r.phrasings.every((p) => p.ok)).length;
    const phrasings = of.flatMap((r) => r.phrasings);
    return { role, tasks: of.length, passAll: all, phrasingsOk: phrasings.filter((p) => p.ok).length, phrasings: phrasings.length };
  });
  const tasks = results.length;
  const passAll = results.filter((r) => r.phrasings.every((p) => p.ok)).length;
  return { rows, tasks, passAll, share: tasks ? passAll / tasks : 0 };
}

export function printSummary(results: readonly TaskResult[], say: (line: string) => void = console.log) {
  const s = summarize(results);
  say('\nmulti-turn tasks (pass^3: a task counts when all its phrasings succeed)');
  say('role      tasks  pass^3  phrasings ok');
  for (const r of s.rows) say(`${r.role.padEnd(9)} ${String(r.tasks).padStart(5)}  ${String(r.passAll).padStart(6)}  ${r.phrasingsOk}/${r.phrasings}`);
  say(`all       ${String(s.tasks).padStart(5)}  ${String(s.passAll).padStart(6)}  pass^3 ${(s.share * 100).toFixed(1)} %`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = arg('only')?.split(',');
  const results = await runChatTasks({ only, show: process.argv.includes('--show') });
  printSummary(results);
  process.exit(0);
}

export type { Task };
