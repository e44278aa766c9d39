// The client imports the server's types, never copies them, and loads server code only from pure modules
// (issue 13, decision 053): a module the browser may run has no database, Node built-in or server-only
// package behind it, at any depth.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

/** The server (and machine) modules the client may run: plain data and pure functions. */
const PURE_SERVER_MODULES = new Set([
  'server/ai/nlu/car-brands.ts',
  'server/ai/nlu/category-ids.ts',
  'server/ai/nlu/text.ts',
  'server/domain/affiliate/commission-plan.ts',
  'server/domain/affiliate/content-limits.ts',
  'server/domain/affiliate/fill-marketing-text.ts',
  'server/domain/affiliate/list-academy.ts',
  'server/domain/affiliate/list-marketing-materials.ts',
  'server/domain/affiliate/partner-profile-schema.ts',
  'server/domain/ledger/money.ts',
  'server/domain/money/format-money.ts',
  'server/domain/money/parse-money.ts',
  'server/domain/offers/offers.schemas.ts',
  'server/domain/prices/price-input.ts',
  'server/domain/providers/trader-kinds.ts',
  'server/domain/reports/report-lists.ts',
  'server/domain/settings/limits.ts',
  'server/domain/support/contact-rules.ts',
]);
/** npm packages a pure module may use (the client bundles them anyway). */
const PURE_PACKAGES = new Set(['zod']);

interface Import {
  specifier: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier))
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.importClause?.isTypeOnly === true });
    else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      out.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0]))
      out.push({ specifier: node.arguments[0].text, typeOnly: false });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return base;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

const outsideSrc = (file: string) => !rel(file).startsWith('src/');

/** Why a module is not pure: the first chain of runtime imports that reaches something server-only. */
function impurity(file: string, seen = new Set<string>()): string | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const imp of importsOf(file)) {
    if (imp.typeOnly) continue;
    const target = resolve(file, imp.specifier);
    if (!target) {
      const pkg = imp.specifier.startsWith('@') ? imp.specifier.split('/').slice(0, 2).join('/') : imp.specifier.split('/')[0]!;
      if (!PURE_PACKAGES.has(pkg)) return `${rel(file)} → ${imp.specifier}`;
      continue;
    }
    if (target.endsWith('.json')) continue;
    const deeper = impurity(target, seen);
    if (deeper) return `${rel(file)} → ${deeper}`;
  }
  return null;
}

describe('the client and the server code', () => {
  const clientFiles = sourceFiles(path.join(root, 'src'));

  it('the client runs server code only from the pure modules', () => {
    const offending: string[] = [];
    for (const file of clientFiles)
      for (const imp of importsOf(file)) {
        const target = imp.typeOnly ? null : resolve(file, imp.specifier);
        if (target && outsideSrc(target) && !PURE_SERVER_MODULES.has(rel(target)) && !rel(target).startsWith('machines/'))
          offending.push(`${rel(file)} imports ${rel(target)} at run time`);
      }
    expect(offending).toEqual([]);
  });

  it('each pure module is pure at every depth: no database, Node built-in or server-only package', () => {
    const impure = [...PURE_SERVER_MODULES].map((m) => impurity(path.join(root, m))).filter(Boolean);
    expect(impure).toEqual([]);
  });

  it('the client declares no copy of a shared server type or constant: it imports them', () => {
    const shared = ['server/chat/tools/output-types.ts', 'server/chat/tools/outcome.ts', 'server/ai/nlu/category-ids.ts'];
    const names = new Set<string>();
    for (const m of shared) {
      const source = ts.createSourceFile(m, fs.readFileSync(path.join(root, m), 'utf8'), ts.ScriptTarget.Latest, false);
      for (const st of source.statements) {
        const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((x) => x.kind === ts.SyntaxKind.ExportKeyword);
        if (!exported) continue;
        if (ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isFunctionDeclaration(st)) names.add(st.name!.text);
        if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      }
    }
    expect(names).toContain('CATEGORY_IDS');
    expect(names).toContain('ChatMatchCard');
    const copies: string[] = [];
    for (const file of clientFiles) {
      const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
      for (const st of source.statements) {
        const declared =
          ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st)
            ? [st.name.text]
            : ts.isVariableStatement(st)
              ? st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
              : [];
        for (const name of declared) if (names.has(name)) copies.push(`${rel(file)} declares ${name}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
