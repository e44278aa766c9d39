// The accessibility check of one screen as it is now (axe-core, every rule it runs by default: WCAG 2.0, 2.1
// and 2.2 A/AA and best practice), and the keyboard helpers of the keyboard-only journeys. With A11Y_REPORT set
// to a file, each screen's findings (every impact) are appended to it, one JSON a line, for
// scripts/a11y-report.ts to count by rule (the figures in docs/accessibility.md).
import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, type Lang } from './fixtures.ts';

export interface ScreenFinding {
  screen: string;
  lang: Lang;
  width: number;
  violations: { id: string; impact: string; nodes: number; targets: string[] }[];
}

/** Waits until the page's finite animations (a dialog fading in, a toast sliding up) have ended. */
export async function settled(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
}

/**
 * Moderate rules a screen must pass too, once every screen did: a heading level skipped, two landmarks of one kind
 * with the same name (issue 25).
 */
export const ENFORCED_MODERATE_RULES: ReadonlySet<string> = new Set(['heading-order', 'landmark-unique']);

/**
 * Runs axe on the page as it is and returns its serious and critical findings, and those of the enforced moderate
 * rules, as readable lines (rule: where). The screen's name, language and width go with every finding into the
 * report file.
 */
export async function axeScreen(page: Page, screen: string, lang: Lang): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page }).analyze();
  const width = page.viewportSize()?.width ?? 0;
  const finding: ScreenFinding = {
    screen,
    lang,
    width,
    violations: result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  };
  const file = process.env.A11Y_REPORT;
  if (file) fs.appendFileSync(file, `${JSON.stringify(finding)}\n`);
  return finding.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || ENFORCED_MODERATE_RULES.has(v.id))
    .map((v) => `${screen} @ ${width} px: ${v.id} (${v.impact}) ${v.targets.join(' | ')}`);
}

/** Whether the focused element shows where the focus is: an outline or a ring (box-shadow) of its own. */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) >= 1;
    const ring = s.boxShadow !== 'none' && s.boxShadow !== '';
    return outline || ring;
  });
}

/** A short description of the focused element, for messages. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '(none)';
    const id = el.getAttribute('data-testid') ?? el.id;
    return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
  });
}

/**
 * Presses Tab (or Shift+Tab) until the target has the focus, as a keyboard user moves through the page; each
 * element passed on the way must show its focus. Fails after `max` presses.
 */
export async function tabTo(page: Page, target: Locator, opts: { back?: boolean; max?: number } = {}) {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  const max = opts.max ?? 120;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const name = await focusedName(page);
    expect(await focusIsVisible(page), `the focus on ${name} is visible`).toBe(true);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${await target.evaluate((el) => el.outerHTML.slice(0, 120)).catch(() => 'target')} not reached with ${max} × ${key}`);
}

/** Whether the focus is inside the element. */
export function focusInside(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el.contains(document.activeElement));
}
