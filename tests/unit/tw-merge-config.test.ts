// cn() merges classes with tailwind-merge reduced to the class groups the app's classes belong to (decision 055,
// src/lib/tw-merge-config.ts). Tailwind makes CSS only for class names written in the sources, so the classes
// written in src/ are all the classes there are: for every pair of them cn() must give tailwind-merge's own
// answer. Pairs suffice: whether a class survives depends only on each later class that conflicts with it.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { twMerge } from 'tailwind-merge';
import { cn } from '../../src/lib/utils.ts';
import { CONFIG_FILE, configSource, knownClasses, sourceTokens } from '../../scripts/tw-merge-config.ts';

describe('cn() with the reduced tailwind-merge configuration', () => {
  const classes = knownClasses(sourceTokens());

  it('is made from the classes in src/ as they are now (npm run tw-merge:config)', () => {
    expect(fs.existsSync(CONFIG_FILE), 'src/lib/tw-merge-config.ts is missing: run npm run tw-merge:config').toBe(true);
    expect(fs.readFileSync(CONFIG_FILE, 'utf8') === configSource(), 'src/lib/tw-merge-config.ts is out of date: run npm run tw-merge:config').toBe(true);
  });

  it('merges every pair of classes written in src/ exactly as tailwind-merge does', () => {
    expect(classes.length).toBeGreaterThan(300);
    const different: string[] = [];
    for (const a of classes)
      for (const b of classes) {
        const input = `${a} ${b}`;
        const mine = cn(input);
        if (mine !== twMerge(input)) different.push(`${input} → ${mine}, tailwind-merge: ${twMerge(input)}`);
      }
    expect(different.slice(0, 20)).toEqual([]);
  });

  // Found by the support dialog at 390 px (tests/e2e/support.spec.ts): the sources were split at parentheses and
  // commas, so arbitrary values such as 'w-[calc(100%-1rem)]' were not known, and both widths stayed in the class.
  it('knows the classes whose arbitrary values carry parentheses or commas', () => {
    expect(classes).toEqual(expect.arrayContaining(['w-[calc(100%-1rem)]', 'w-[calc(100%-2rem)]', 'h-[min(600px,calc(100dvh-2rem))]']));
    const dialog = 'grid w-[calc(100%-2rem)] max-w-lg gap-4 p-6';
    expect(cn(dialog, 'flex w-[calc(100%-1rem)] max-w-none gap-3 p-4')).toBe(twMerge(dialog, 'flex w-[calc(100%-1rem)] max-w-none gap-3 p-4'));
    expect(cn(dialog, 'w-[calc(100%-1rem)]')).not.toContain('w-[calc(100%-2rem)]');
  });

  it('lets a class given to a component win over the component’s own class of the same kind', () => {
    expect(cn('h-10 px-4 py-2', 'h-8 px-3')).toBe('py-2 h-8 px-3');
    expect(cn('bg-primary text-primary-foreground hover:bg-primary/90', 'bg-accent hover:bg-accent/90')).toBe(
      'text-primary-foreground bg-accent hover:bg-accent/90',
    );
    expect(cn('rounded-2xl px-4 py-2.5 text-sm', 'rounded-bl-sm bg-muted text-foreground')).toBe(
      'rounded-2xl px-4 py-2.5 text-sm rounded-bl-sm bg-muted text-foreground',
    );
    expect(cn('flex', false, 'hidden', undefined)).toBe('hidden');
  });
});
