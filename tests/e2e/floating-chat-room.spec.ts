// The floating chat's open button ('Chat öffnen' / 'Open chat', fixed bottom right) never hides what a person
// reads or uses (issue 25): every visible heading and control of a page, brought into view the way the browser
// does it (the keyboard's focus for a control, scrolling to the nearest edge for a heading: find in page, a
// screen reader's cursor, a link to a section), is clear of the button, down to the footer's last line. The
// pages leave room for it (decision 089): scroll padding above it and below the sticky header, and space after
// the footer. Checked signed out and as each role on the dashboards, in German and English, at 390 and 1280 px;
// a screenshot of each page is written for a look.
import type { Page } from '@playwright/test';
import { test, expect, signInAdmin, signUpVerified } from './fixtures.ts';
import { providerWithProfile } from './market-helpers.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Brings each visible heading and control of the page into view as the browser would and names those the chat's
 * open button then covers. Elements that stay where they are whatever the scroll (the sticky header, the skip
 * link, toasts, the partner's sticky buttons) are not the page's content and are left out.
 */
function coveredByChatButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('[data-testid="chat-open"]');
    if (!button) return ['no chat button'];
    const pinned = (el: Element | null): boolean => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const position = getComputedStyle(e).position;
        if (position === 'fixed' || position === 'sticky') return true;
      }
      return false;
    };
    const selector = [
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[tabindex]:not([tabindex="-1"])',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="switch"]',
    ].join(',');
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (button.contains(el) || pinned(el)) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      const before = el.getBoundingClientRect();
      // Visually hidden (sr-only) text has a box of a pixel; a tab's panel (a keyboard stop) is a page of its own.
      if (before.width < 2 || before.height < 2 || before.height > innerHeight / 2) continue;
      // A control takes the focus; a heading, or a control that cannot (disabled), is scrolled to.
      if (!/^H[1-6]$/.test(el.tagName)) el.focus();
      if (document.activeElement !== el) el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const b = button.getBoundingClientRect();
      if (r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
        covered.push(`${el.tagName.toLowerCase()} '${name}' at ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return covered;
  });
}

async function checkPages(page: Page, lang: string, who: string, paths: string[]) {
  const found: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.getByTestId('chat-open')).toBeVisible();
      // The keyboard in use (the first Tab reaches the skip link): the focus the script moves then shows, as a Tab's does.
      await page.keyboard.press('Tab');
      for (const c of await coveredByChatButton(page)) found.push(`${path} @ ${viewport.width} px: ${c}`);
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      await page.screenshot({ path: test.info().outputPath(`${who}-${path.replace(/\W+/g, '_')}-${lang}-${viewport.width}.png`) });
    }
  }
  expect(found, 'headings and controls under the floating chat button').toEqual([]);
}

test('signed out: the landing page and the help page leave room for the floating chat button', async ({ page, lang }) => {
  await checkPages(page, lang, 'public', ['/', '/hilfe']);
});

test('seeker: the dashboard and the payout screen leave room for the floating chat button', async ({ page, lang }) => {
  await signUpVerified(page, 'seeker', lang);
  await checkPages(page, lang, 'seeker', ['/suchende-dashboard', '/suchende-dashboard?tab=payouts', '/affiliate/dashboard?tab=profile&sub=payouts']);
});

test('provider: the dashboard leaves room for the floating chat button', async ({ page, lang }) => {
  await providerWithProfile(page, lang);
  await checkPages(page, lang, 'provider', ['/anbieter/dashboard', '/anbieter/dashboard?tab=profile']);
});

test('admin: the payouts tab and the overview leave room for the floating chat button', async ({ page, lang }) => {
  test.setTimeout(120_000);
  await signInAdmin(page.request);
  await checkPages(page, lang, 'admin', ['/admin?tab=payouts', '/admin', '/admin?tab=users']);
});
