// Loads the system prompts in prompts/<lang>/ (see prompts/README.md) and fills their placeholders.
import fs from 'node:fs';
import path from 'node:path';
import type { Lang } from '../i18n.ts';

export const PROMPTS_DIR = path.resolve(import.meta.dirname, '../../prompts');

/** Which prompt a chat role uses: anonymous visitors share the seekers' prompt. */
export type PromptRole = 'seeker' | 'provider' | 'admin';

export interface PromptVars {
  greeting: string;
  userName: string;
  role: string;
  today: string;
  machine: string;
  state: string;
  /** For a person who brings others in as a partner: what their words about earnings and payouts mean ('' otherwise). */
  partnerNote?: string;
}

const cache = new Map<string, string>();

function read(file: string): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = fs.readFileSync(path.join(PROMPTS_DIR, file), 'utf8');
    cache.set(file, text);
  }
  return text;
}

function splitFrontMatter(text: string): { meta: Record<string, string>; body: string } {
  const m = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (!m) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split('\n')) {
    const kv = /^([A-Za-z]+):\s*(.*)$/.exec(line.trim());
    if (kv) meta[kv[1]!] = kv[2]!.trim();
  }
  return { meta, body: text.slice(m[0].length) };
}

/** The persona's name from prompts/<lang>/persona.md. */
export function personaName(lang: Lang): string {
  const name = splitFrontMatter(read(`${lang}/persona.md`)).meta.name;
  if (!name) throw new Error(`prompts/${lang}/persona.md has no name in its front matter`);
  return name;
}

/** The `## <state>` section of prompts/<lang>/machines/<machine>.md, or '' when there is none. */
export function stateGuide(lang: Lang, machine: string, state: string): string {
  const file = `${lang}/machines/${machine}.md`;
  if (!fs.existsSync(path.join(PROMPTS_DIR, file))) return '';
  const sections = read(file).split(/^## +/m).slice(1);
  for (const s of sections) {
    const nl = s.indexOf('\n');
    if (s.slice(0, nl).trim() === state) return s.slice(nl + 1).trim();
  }
  return '';
}

function fill(template: string, values: Record<string, string>, file: string): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (_m, key: string) => {
    // Own keys only: '{{constructor}}' is an unknown placeholder, not Object.
    const value = Object.hasOwn(values, key) ? values[key] : undefined;
    if (value === undefined) throw new Error(`prompts/${file}: unknown placeholder {{${key}}}`);
    return value;
  });
}

export function systemPrompt(role: PromptRole, lang: Lang, vars: PromptVars): string {
  const file = `${lang}/${role}.md`;
  const persona = splitFrontMatter(read(`${lang}/persona.md`)).body.trim();
  const values: Record<string, string> = {
    ...vars,
    persona: personaName(lang),
    stateGuide: stateGuide(lang, vars.machine, vars.state) || '-',
    partnerNote: vars.partnerNote ?? '',
  };
  const withPersona = read(file).replace(/\{\{>\s*persona\s*\}\}/g, persona);
  return fill(withPersona, values, file).trim();
}
