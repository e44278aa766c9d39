// Issue 24: 'constructor' typed by a person found Object in a plain lookup table (EXONYMS['constructor']) and
// crashed the extraction. On the server, a table is read by a string that is not one of its own literal keys only
// through a Map (or after Object.hasOwn): this test reads the type checker's view of every `table[key]` and `key in
// table` and fails on a plain object indexed by a free string, outside the few places listed below with the
// reason their keys never come from a person.
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** file → why its string-keyed reads are safe (keys from the code, the database schema or files of the repo). */
const TRUSTED_KEYS: Record<string, string> = {
  'server/i18n.ts': 'locale file names of the repo',
  'server/http/openapi.ts': 'paths and methods of the route list',
  'server/ssr/page-data.ts': 'keys built by the code (a fixed prefix and an id)',
  'server/domain/privacy/render-export-html.ts': 'column names of the export, chosen by the code',
  'server/chat/live-notes.ts': 'event types the server itself publishes',
  'server/chat/tools/registry.ts': 'tool names of the code',
  'server/chat/tools/market-forms.ts': 'reads fixed labels only (preis, price, …); a form label is never looked up',
  'server/chat/tools/provider-profile.ts': 'field names of a confirmation the server pinned',
  'server/chat/tools/provider-market.ts': 'a fixed outcome of the code',
  'machines/intake.machine.ts': "state names 'msg_<step id>' written by the machine builder",
  'machines/deal.machine.ts': 'state values of the machine',
  'server/ai/prompts.ts': 'front-matter keys of the prompt files in the repo',
};

function isFreeString(t: ts.Type): boolean {
  if (t.isUnion()) return t.types.some(isFreeString);
  return (t.flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) !== 0;
}

function findings(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('tsconfig.json not readable');
  const files = config.fileNames.filter((f) => /\/(server|machines|core)\//.test(f) && !f.includes('/server/generated/'));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const out: string[] = [];
  for (const sf of program.getSourceFiles()) {
    const rel = path.relative(root, sf.fileName).split(path.sep).join('/');
    if (sf.isDeclarationFile || !/^(server|machines|core)\//.test(rel) || rel.startsWith('server/generated/') || rel in TRUSTED_KEYS) continue;
    const at = (n: ts.Node) => `${rel}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${n.getText().slice(0, 80)}`;
    const visit = (n: ts.Node) => {
      if (ts.isElementAccessExpression(n) && isFreeString(checker.getTypeAtLocation(n.argumentExpression))) {
        const target = checker.getTypeAtLocation(n.expression);
        if (!checker.isArrayLikeType(target) && !(target.flags & ts.TypeFlags.Any)) out.push(at(n));
      }
      if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InKeyword && isFreeString(checker.getTypeAtLocation(n.left))) out.push(at(n));
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

describe('string-keyed lookups on the server', () => {
  it('read plain objects only by their own literal keys (Maps for anything a person types)', () => {
    expect(findings()).toEqual([]);
  }, 120_000);
});
