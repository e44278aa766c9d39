// The door rule (decision 052): chat tools and HTTP routes only parse, check the caller, call a command in
// server/domain and shape the answer. They pass the Prisma client on to domain functions but never query
// it themselves; and the chat session layer does not reach into the tool files (the doors).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return tsFiles(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

/** Comments out of the way: a comment may name Prisma. Good enough for our sources (no '//' inside the strings we scan for). */
const code = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

interface ImportLine {
  typeOnly: boolean;
  from: string;
}

function importsOf(src: string): ImportLine[] {
  const out: ImportLine[] = [];
  for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    // `import { type A, type B } from` is type-only too.
    const names = m[3]!.trim();
    const allTyped =
      /^\{[\s\S]*\}$/.test(names) &&
      names
        .slice(1, -1)
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    out.push({ typeOnly: Boolean(m[2]) || allTyped, from: m[4]! });
  }
  for (const m of src.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ typeOnly: false, from: m[1]! });
  return out;
}

const DB_ACCESS: [string, RegExp][] = [
  // deps.db.prisma.user.findFirst(…), prisma.chatSession.update(…), tx.offer.findUnique(…)
  ['a Prisma model call', /\b(?:prisma|tx)\s*\.\s*(?!\$)[a-zA-Z_]\w*\s*\.\s*(?:find\w*|create\w*|update\w*|upsert|delete\w*|aggregate|count|groupBy)\s*\(/],
  ['raw SQL or a transaction', /\$(?:queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe|transaction)\b/],
];

/** The offences of one door file: database access in any form. */
function dbOffences(file: string): string[] {
  const src = code(fs.readFileSync(path.join(root, file), 'utf8'));
  const found: string[] = [];
  src.split('\n').forEach((line, i) => {
    for (const [what, re] of DB_ACCESS) if (re.test(line)) found.push(`${file}:${i + 1} ${what}: ${line.trim()}`);
  });
  for (const imp of importsOf(src)) {
    if (!imp.typeOnly && /generated\/prisma/.test(imp.from)) found.push(`${file} imports the Prisma client from ${imp.from}`);
    if (!imp.typeOnly && /^(pg|@electric-sql\/pglite.*)$/.test(imp.from)) found.push(`${file} imports the database driver ${imp.from}`);
  }
  return found;
}

// The session layer: one chat session, its turn and its confirmations.
const SESSION_LAYER = ['server/chat/session.ts', 'server/chat/turn.ts', 'server/chat/confirm.ts'];
/**
 * What the session layer may take from server/chat/tools: the registry (how a tool is looked up, offered and
 * run), the tool set of a turn (index.ts) and the outcome types. Every other file there is a door (it defines
 * tools) and is reached only through the registry.
 */
const SESSION_MAY_IMPORT = new Set(['registry.ts', 'index.ts', 'outcome.ts']);

function sessionOffences(file: string): string[] {
  const src = code(fs.readFileSync(path.join(root, file), 'utf8'));
  return importsOf(src)
    .filter((imp) => /^\.\/tools\//.test(imp.from))
    .filter((imp) => !SESSION_MAY_IMPORT.has(imp.from.slice('./tools/'.length)))
    .map((imp) => `${file} imports the door ${imp.from}`);
}

describe('thin doors', () => {
  const doors = [...tsFiles('server/chat'), ...tsFiles('server/http')];

  it('finds the door files', () => {
    expect(doors).toContain('server/chat/tools/registry.ts');
    expect(doors).toContain('server/http/providers.ts');
  });

  it('no chat tool, chat session file or HTTP route touches the database itself', () => {
    expect(doors.flatMap(dbOffences)).toEqual([]);
  });

  it('the session layer imports no door from server/chat/tools', () => {
    expect(SESSION_LAYER.flatMap(sessionOffences)).toEqual([]);
  });

  it('no server code picks a German or English text by language itself: the words come from the locale files', () => {
    // `lang === 'de' ? 'Der Anbieter' : 'The provider'`; locale tags ('de-DE', 'en_GB') and query strings are not words.
    const choice = /\b\w*lang\w*\s*===\s*'(?:de|en)'\s*\?\s*(['"`])([^'"`=_]*\p{L}{4}[^'"`=_]*)\1/u;
    const found = tsFiles('server')
      .filter((f) => !f.startsWith('server/generated/') && !f.startsWith('server/ai/nlu/'))
      .flatMap((file) =>
        code(fs.readFileSync(path.join(root, file), 'utf8'))
          .split('\n')
          .flatMap((line, i) => (choice.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });

  it('the checks catch what they are meant to catch', () => {
    const sample = [
      'const row = await ctx.deps.db.prisma.chatConfirmation.create({ data });',
      'const s = await prisma.chatSession.findUniqueOrThrow({ where: { id } });',
      'await deps.db.prisma.$transaction(async (tx) => tx.offer.update({}));',
      'const n = await prisma.$queryRaw`SELECT 1`;',
    ];
    for (const line of sample)
      expect(
        DB_ACCESS.some(([, re]) => re.test(line)),
        line,
      ).toBe(true);
    for (const line of ['await listPayouts(deps.db.prisma, auth.user!.id)', 'getSettings(prisma)', 'const prisma = deps.db.prisma;'])
      expect(
        DB_ACCESS.some(([, re]) => re.test(line)),
        line,
      ).toBe(false);
    expect(importsOf("import type { Db } from '../db.ts';\nimport { Prisma } from '../generated/prisma/client.ts';")).toEqual([
      { typeOnly: true, from: '../db.ts' },
      { typeOnly: false, from: '../generated/prisma/client.ts' },
    ]);
    expect(importsOf("import { type A, type B } from './tools/outcome.ts';")[0]?.typeOnly).toBe(true);
  });
});
