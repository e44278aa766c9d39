// One euro formatter (issue 22): every amount shown to people is written by formatEuro (or formatEuroWhole,
// formatEuroInput, formatBudget) of the money module; no other file formats euros with Intl itself.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const ONE = /(^|\/)format-money\.ts$/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'generated' && entry.name !== 'node_modules') out.push(...sources(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

describe('one euro formatter', () => {
  it("no file but the money module formats euros with Intl's currency style", () => {
    const dirs = ['server', 'src', 'core', 'machines'].filter((d) => fs.existsSync(path.join(root, d)));
    const offenders = dirs
      .flatMap(sources)
      .filter((f) => !ONE.test(f))
      .filter(
        (f) =>
          /currency:\s*['"]EUR['"]/.test(fs.readFileSync(path.join(root, f), 'utf8')) &&
          /style:\s*['"]currency['"]/.test(fs.readFileSync(path.join(root, f), 'utf8')),
      );
    expect(offenders).toEqual([]);
  });
});
