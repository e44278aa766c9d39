// The chat answers on /search and in the floating panel, without login, and keeps its history.
import { test, expect } from './fixtures.ts';

test('the chat on /search answers and keeps its history over a reload', async ({ page, lang }) => {
  await page.goto('/search');
  await expect(page).toHaveTitle(/akut/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search$/);
  const input = page.getByRole('textbox', { name: lang === 'de' ? /Nachricht/i : /Message/i });
  await expect(input).toBeVisible();
  // The assistant says plainly it is an AI.
  await expect(page.getByText(lang === 'de' ? /KI|künstliche Intelligenz/i : /\bAI\b/).first()).toBeVisible();
  await input.fill(lang === 'de' ? 'Hallo, ich brauche Hilfe' : 'Hello, I need help');
  await page.getByRole('button', { name: lang === 'de' ? /Senden/i : /Send/i }).click();
  const log = page.getByTestId('chat-messages');
  await expect(log.getByText(lang === 'de' ? 'Hallo, ich brauche Hilfe' : 'Hello, I need help')).toBeVisible();
  await expect(log.locator('[data-role="assistant"]').nth(1)).toBeVisible({ timeout: 15_000 });
  const countBefore = await log.locator('[data-role]').count();
  await page.reload();
  await expect(page.getByTestId('chat-messages').getByText(lang === 'de' ? 'Hallo, ich brauche Hilfe' : 'Hello, I need help')).toBeVisible();
  expect(await page.getByTestId('chat-messages').locator('[data-role]').count()).toBe(countBefore);
});

test('the floating chat opens and closes on other pages', async ({ page, lang }) => {
  await page.goto('/');
  await page.getByRole('button', { name: lang === 'de' ? /Chat öffnen/i : /Open chat/i }).click();
  await expect(page.getByRole('textbox', { name: lang === 'de' ? /Nachricht/i : /Message/i })).toBeVisible();
  await page.getByRole('button', { name: lang === 'de' ? /Chat schließen/i : /Close chat/i }).click();
  await expect(page.getByRole('textbox', { name: lang === 'de' ? /Nachricht/i : /Message/i })).toHaveCount(0);
});
