// The chat keeps new content in view on a phone and on a desktop: after each answer the newest card (the
// intake summary with its 'Anfrage absenden') is visible without scrolling by hand; a person who scrolled up
// to read stays where they are and gets a 'new message' pill that scrolls down. The message box counts down
// before the 2,000-character limit.
import { test, expect, type Lang } from './fixtures.ts';
import type { Page } from '@playwright/test';

const T = {
  de: {
    input: /Nachricht/i,
    askName: 'Wie ist dein Vorname?',
    name: 'Anna',
    freeText: 'Ich brauche dringend einen Elektriker in 50667 Köln, der die Steckdosen im Bad erneuert, Budget 300-500 Euro',
    date: 'nächsten Freitag',
    pill: 'Neue Nachricht',
  },
  en: {
    input: /Message/i,
    askName: 'What is your first name?',
    name: 'Chloé',
    freeText: 'I urgently need an electrician in 10115 Berlin to replace the sockets in my bathroom, budget 300-500 euros',
    date: 'next Friday',
    pill: 'New message',
  },
} as const;

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function open(page: Page, lang: Lang, typing = false) {
  await page.goto(typing ? '/search?typing=1' : '/search');
  const log = page.getByTestId('chat-messages');
  const input = page.getByRole('textbox', { name: T[lang].input });
  await expect(log.getByText(T[lang].askName).first()).toBeAttached({ timeout: 15_000 });
  await expect(log.locator('[data-role="assistant"]')).toHaveCount(3, { timeout: 15_000 });
  await expect(log.locator('[data-typing="true"]')).toHaveCount(0, { timeout: 15_000 });
  // The served greeting's field hands its words to the conversation's field when the conversation takes over; a
  // fill() that straddles that moment lands in both. Type once the conversation is there.
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  const say = async (text: string) => {
    const before = await log.locator('[data-role="assistant"]').count();
    await input.fill(text);
    await page.getByTestId('chat-send').click();
    await expect(log.locator('[data-role="assistant"]')).toHaveCount(before + 1, { timeout: 15_000 });
    await expect(input).toBeEnabled();
    await expect(log.locator('[data-typing="true"]')).toHaveCount(0, { timeout: 15_000 });
  };
  return { log, input, say };
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

for (const size of SIZES) {
  for (const typing of [false, true]) {
    test(`${size.name}${typing ? ', typed out' : ''}: the summary's submit button comes into view after the answer`, async ({ page, lang }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const c = await open(page, lang, typing);
      await c.say(T[lang].name);
      await c.say(T[lang].freeText);
      await c.say(T[lang].date);
      await expect(page.getByTestId('intake-summary-confirm')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('intake-summary-confirm')).toBeInViewport();
      await expect(page.getByTestId('chat-new-message')).toHaveCount(0);
    });
  }

  test(`${size.name}: scrolled up to read, the person stays there and a pill brings the new message`, async ({ page, lang }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const c = await open(page, lang);
    await c.say(T[lang].name);
    await c.say(T[lang].freeText);
    // The person scrolls up with the wheel to read.
    await c.log.hover();
    await page.mouse.wheel(0, -5_000);
    await expect.poll(() => c.log.evaluate((el) => el.scrollTop)).toBe(0);
    await c.say(T[lang].date);
    const pill = page.getByTestId('chat-new-message');
    await expect(pill).toBeVisible();
    await expect(pill).toHaveText(T[lang].pill);
    await expect(page.getByTestId('intake-summary-confirm')).not.toBeInViewport();
    expect(await c.log.evaluate((el) => el.scrollTop)).toBeLessThan(50);
    await pill.click();
    await expect(page.getByTestId('intake-summary-confirm')).toBeInViewport();
    await expect(pill).toHaveCount(0);
  });
}

test('the message box shows how many characters are left near the limit', async ({ page, lang }) => {
  const c = await open(page, lang);
  const counter = page.getByTestId('chat-input-counter');
  await c.input.fill('x'.repeat(100));
  await expect(counter).toHaveCount(0);
  await c.input.fill('x'.repeat(1900));
  await expect(counter).toHaveText(lang === 'de' ? '1.900 / 2.000' : '1,900 / 2,000');
  await c.input.fill('x'.repeat(2010));
  await expect(counter).toHaveText(lang === 'de' ? '2.010 / 2.000' : '2,010 / 2,000');
  await expect(counter).toHaveAttribute('data-over', 'true');
});
