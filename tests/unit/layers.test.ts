// The layers (decision 058): core/ and machines/ are pure code both sides use; src/ (the browser) and server/
// depend on them and never on each other. TypeScript project references enforce it: each layer is a composite
// project whose files are its own folder, so an import across (src → server, server → src, core → either) is
// error TS6307 in `npm run typecheck` (tsc -b). These tests pin that set-up and prove that the compiler refuses
// a wrong import, with a probe file compiled in each project's own settings.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

function parsed(project: string): ts.ParsedCommandLine {
  const file = path.join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, ' '));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${project}`);
  return config;
}

const references = (project: string) => (parsed(project).projectReferences ?? []).map((r) => rel(r.path).replace(/\/tsconfig(\.\w+)?\.json$|\.json$/, ''));

/**
 * The diagnostics of one probe file placed in a layer's folder and compiled with that project's options and
 * references (the referenced projects read from their sources, as the editor does, so nothing needs building).
 */
function probe(layer: string, code: string): string[] {
  const config = parsed(`${layer}/tsconfig.json`);
  const file = path.join(root, layer, '__layer_probe__.ts');
  const host = ts.createCompilerHost(config.options);
  const getSourceFile = host.getSourceFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.getSourceFile = (name, ...rest) =>
    path.resolve(name) === file ? ts.createSourceFile(name, code, ts.ScriptTarget.Latest) : getSourceFile(name, ...rest);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  // What the editor's language service does: read a referenced project from its sources, not its built declarations.
  (host as ts.CompilerHost & { useSourceOfProjectReferenceRedirect?: () => boolean }).useSourceOfProjectReferenceRedirect = () => true;
  const program = ts.createProgram({ rootNames: [file], options: { ...config.options, noEmit: false }, projectReferences: config.projectReferences, host });
  return [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...program.getSemanticDiagnostics(program.getSourceFile(file))].map(
    (d) => `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
  );
}
const notListed = (diagnostics: string[]) => diagnostics.filter((d) => d.startsWith('TS6307'));

describe('the layers are TypeScript projects', () => {
  it('npm run typecheck builds every project of the solution', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.typecheck).toMatch(/^tsc -b\b/);
    expect(references('tsconfig.json').sort()).toEqual(['core', 'machines', 'server', 'src', 'tsconfig.tools'].sort());
  });

  it('each layer is a composite project of its own folder with the references the layering allows', () => {
    const allowed: Record<string, string[]> = { machines: [], core: ['machines'], src: ['core', 'machines'], server: ['core', 'machines'] };
    for (const [layer, refs] of Object.entries(allowed)) {
      const config = parsed(`${layer}/tsconfig.json`);
      expect(config.options.composite, layer).toBe(true);
      expect(references(`${layer}/tsconfig.json`).sort(), layer).toEqual(refs.sort());
      const outside = config.fileNames.map(rel).filter((f) => !f.startsWith(`${layer}/`));
      expect(outside, layer).toEqual([]);
    }
  });

  it('core and machines run anywhere: no Node or DOM types in their projects', () => {
    for (const layer of ['core', 'machines']) {
      const { options } = parsed(`${layer}/tsconfig.json`);
      expect(options.types, layer).toEqual([]);
      expect(
        options.lib?.some((l) => /dom/i.test(l)),
        layer,
      ).toBe(false);
    }
  });
});

// Each probe is one small TypeScript program (a few seconds on a busy machine).
describe('the compiler refuses an import across the layers', { timeout: 120_000 }, () => {
  // Small files as targets: a probe compiles what it imports, and the compiler's answer is the same for any file.
  const forbidden: [string, string][] = [
    ['src', "import { COOKIE_PREFIX } from '../server/auth/cookie.ts';\nexport const x = COOKIE_PREFIX;"],
    ['src', "import type { defangLinks } from '../server/domain/deals/defang-links.ts';\nexport type X = typeof defangLinks;"],
    ['server', "import { safeNext } from '../src/lib/safe-next.ts';\nexport const x = safeNext;"],
    ['core', "import { COOKIE_PREFIX } from '../server/auth/cookie.ts';\nexport const x = COOKIE_PREFIX;"],
    ['core', "import { safeNext } from '../src/lib/safe-next.ts';\nexport const x = safeNext;"],
    ['machines', "import { CATEGORY_IDS } from '../core/categories/category-ids.ts';\nexport const x = CATEGORY_IDS;"],
  ];
  it.each(forbidden)('%s: %s', (layer, code) => {
    expect(notListed(probe(layer, code))).not.toEqual([]);
  });

  const allowed: [string, string][] = [
    [
      'src',
      "import { ROUTE_PATHS } from '../core/pages/route-table.ts';\nimport { unlockMachine } from '../machines/unlock.machine.ts';\nexport const x = [ROUTE_PATHS, unlockMachine];",
    ],
    [
      'server',
      "import { formatEuro } from '../core/money/format-money.ts';\nimport { dealMachine } from '../machines/deal.machine.ts';\nexport const x = [formatEuro, dealMachine];",
    ],
    ['core', "import type { FollowUpScript } from '../machines/follow-up-script.ts';\nexport type X = FollowUpScript;"],
  ];
  it.each(allowed)('%s may: %s', (layer, code) => {
    expect(probe(layer, code)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

function packageImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const st of source.statements)
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const spec = st.moduleSpecifier.text;
      const typeOnly = ts.isImportDeclaration(st) ? st.importClause?.isTypeOnly === true : st.isTypeOnly;
      if (!spec.startsWith('.') && !typeOnly) out.push(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  return out;
}

describe('the pure layers', () => {
  it('core and machines load no package at run time beyond zod and xstate (the browser bundles them anyway)', () => {
    const allowed: Record<string, Set<string>> = { core: new Set(['zod']), machines: new Set(['zod', 'xstate']) };
    const found = Object.entries(allowed).flatMap(([layer, ok]) =>
      sourceFiles(layer).flatMap((f) =>
        packageImports(f)
          .filter((p) => !ok.has(p))
          .map((p) => `${rel(f)} imports ${p}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('the client declares no copy of a shared type or constant: it imports them from core', () => {
    const shared = ['core/chat/output-types.ts', 'core/chat/outcome.ts', 'core/categories/category-ids.ts', ...sourceFiles('core/api').map(rel)];
    const names = new Set<string>();
    for (const m of shared) {
      const source = ts.createSourceFile(m, fs.readFileSync(path.join(root, m), 'utf8'), ts.ScriptTarget.Latest, false);
      for (const st of source.statements) {
        const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((x) => x.kind === ts.SyntaxKind.ExportKeyword);
        if (!exported) continue;
        if ((ts.isTypeAliasDeclaration(st) || ts.isInterfaceDeclaration(st) || ts.isFunctionDeclaration(st)) && st.name) names.add(st.name.text);
        if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
      }
    }
    expect(names).toContain('CATEGORY_IDS');
    expect(names).toContain('ChatMatchCard');
    expect(names).toContain('ProviderFeed');
    const copies: string[] = [];
    for (const file of sourceFiles('src')) {
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
