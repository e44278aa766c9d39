// The chat on /search and in the floating panel, without login: the seeker intake by category form and
// by free text, in German and English, the first-name check, the history over a reload, the switches.
import { test, expect, type Lang } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import type { Page } from '@playwright/test';

const T = {
  de: {
    input: /Nachricht/i,
    send: /Senden/i,
    aiNotice: /künstlichen Intelligenz/i,
    hello: 'Hallo! 👋 Ich bin',
    askName: 'Wie ist dein Vorname?',
    twoWords: 'Anna Schmidt',
    surname: 'Müller',
    name: 'Anna',
    nameRetry: /nur deinen Vornamen/i,
    nameOk: /Schön, dich kennenzulernen, Anna/,
    freeText: 'Ich brauche dringend einen Elektriker in 50667 Köln, der die Steckdosen im Bad erneuert, Budget 300-500 Euro',
    saved: /Anfrage gespeichert/,
    register: /Kostenlos registrieren/,
  },
  en: {
    input: /Message/i,
    send: /Send/i,
    aiNotice: /artificial intelligence/i,
    hello: 'Hello! 👋 I am',
    askName: 'What is your first name?',
    twoWords: 'John Smith',
    surname: 'Smith',
    name: 'Chloé',
    nameRetry: /just your first name/i,
    nameOk: /Nice to meet you, Chloé/,
    freeText: 'I urgently need an electrician in 10115 Berlin to replace the sockets in my bathroom, budget 300-500 euros',
    saved: /Request saved/,
    register: /Register for free/,
  },
} as const;

function chat(page: Page, lang: Lang) {
  const log = page.getByTestId('chat-messages');
  const input = page.getByRole('textbox', { name: T[lang].input });
  return {
    log,
    input,
    assistant: log.locator('[data-role="assistant"]'),
    async say(text: string) {
      const before = await log.locator('[data-role="assistant"]').count();
      // The reply has arrived when its streamed answer has ended and a new assistant message is there (the input
      // stays enabled while the assistant writes, so waiting for it would not wait for anything).
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST', { timeout: 30_000 });
      await input.fill(text);
      await page.getByTestId('chat-send').click();
      await (await answered).finished();
      await expect(log.locator('[data-role="assistant"]')).toHaveCount(before + 1, { timeout: 15_000 });
    },
  };
}

/** Opens /search with a fresh conversation and waits for the three greeting messages. */
async function openChat(page: Page, lang: Lang) {
  await page.goto('/search');
  const c = chat(page, lang);
  await expect(c.log.getByText(T[lang].askName)).toBeVisible({ timeout: 15_000 });
  await expect(c.assistant).toHaveCount(3);
  // Type once the conversation has taken over from the served greeting (its field hands its words over then).
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-ready', 'true', { timeout: 15_000 });
  return c;
}

test.beforeEach(async ({ page }) => {
  // These journeys test the flow, not the animation (which has its own test below).
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

test('the page has its title, links and the AI notice; the greeting asks for the first name', async ({ page, lang }) => {
  await page.goto('/search');
  await expect(page).toHaveTitle(/akut/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search$/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
  await expect(page.getByRole('link', { name: lang === 'de' ? 'Mehr über akut erfahren' : 'Learn more about akut' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: lang === 'de' ? 'Zur Erklärungsseite' : 'To the explanation page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: lang === 'de' ? /registriere dich kostenlos/ : /register for free/ })).toHaveAttribute('href', /\/auth/);
  await expect(page.getByTestId('chat-ai-notice')).toHaveText(T[lang].aiNotice);
  const c = chat(page, lang);
  // The three greeting messages of the follow-up script arrive one after the other.
  await expect(c.assistant).toHaveCount(3, { timeout: 15_000 });
  await expect(c.assistant.last()).toContainText(T[lang].askName);
});

test('a name of two words or a surname is refused; a first name is taken', async ({ page, lang }) => {
  const c = await openChat(page, lang);
  await c.say(T[lang].twoWords);
  await expect(c.assistant.last()).toContainText(T[lang].nameRetry);
  await c.say(T[lang].surname);
  await expect(c.assistant.last()).toContainText(T[lang].nameRetry);
  await c.say(T[lang].name);
  await expect(c.assistant.last()).toContainText(T[lang].nameOk);
  // Next: the category dropdown.
  await expect(page.getByTestId('intake-category-select')).toBeVisible();
});

test('the history survives a reload', async ({ page, lang }) => {
  const c = await openChat(page, lang);
  await c.say(T[lang].twoWords);
  await c.say(T[lang].name);
  const count = await c.log.locator('[data-role]').count();
  expect(count).toBe(7);
  await page.reload();
  await expect(c.log.getByText(T[lang].nameOk)).toBeVisible();
  await expect(c.log.locator('[data-role]')).toHaveCount(count);
  // The conversation goes on where it was: the dropdown of the newest message is there.
  await expect(page.getByTestId('intake-category-select')).toBeVisible();
});

test('a seeker posts a request through the category form', async ({ page, lang }) => {
  const c = await openChat(page, lang);
  await c.say(T[lang].name);
  await page.getByTestId('intake-category-select').selectOption('handwerk');
  await page.getByTestId('intake-category-submit').click();
  const form = page.getByTestId('intake-form');
  await expect(form).toHaveAttribute('data-category', 'handwerk');

  // 'Übernehmen' with the required trade missing shows a translated error and sends nothing.
  const sent = await c.log.locator('[data-role="user"]').count();
  await page.getByTestId('intake-form-submit').click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeFocused();
  expect(await c.log.locator('[data-role="user"]').count()).toBe(sent);

  await page.getByTestId('intake-field-trade').selectOption('sanitaer');
  await page.getByTestId('intake-field-job').fill(lang === 'de' ? 'Bad fliesen' : 'Tile the bathroom');
  await page.getByTestId('intake-field-size').fill('12');
  await page
    .getByTestId('intake-field-description')
    .fill(lang === 'de' ? 'Altes Bad, Fliesen sind schon gekauft' : 'Old bathroom, the tiles are already bought');
  await page.getByTestId('intake-field-postcode').fill('80331');
  await page.getByTestId('intake-field-budget').fill('1.000-2.000');
  await page.getByTestId('intake-field-urgency').selectOption('dringend');
  const before = await c.assistant.count();
  await page.getByTestId('intake-form-submit').click();
  await expect(c.assistant).toHaveCount(before + 1);
  // The form's output is one 'Label: value;' string starting with the category.
  // The machine gets the form string; the person reads it naturally (no 'Label: value;' chain).
  await expect(c.log.locator('[data-role="user"]').last()).toContainText(
    lang === 'de' ? /Kategorie: Handwerk · Gewerk: Sanitär · .*Dringlichkeit: Dringend$/ : /Category: Trades & Repairs · Trade: Plumbing · .*Urgency: Urgent$/,
  );
  await expect(c.log.locator('[data-role="user"]').last()).not.toContainText(';');

  // Only the date is missing: leave it open, then the summary shows every field.
  await page.getByTestId('intake-answer-noDate').click();
  const summary = page.getByTestId('intake-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('intake-summary-category')).toHaveText(lang === 'de' ? 'Handwerk' : 'Trades & Repairs');
  await expect(page.getByTestId('intake-summary-location')).toContainText('80331 München');
  await expect(page.getByTestId('intake-summary-budget')).toHaveText(lang === 'de' ? '1.000 € – 2.000 €' : '€1,000 – €2,000');
  await expect(page.getByTestId('intake-summary-urgency')).toContainText(lang === 'de' ? 'Dringend' : 'Urgent');
  await expect(page.getByTestId('intake-summary-teaser')).toContainText(
    lang === 'de' ? 'So sehen Anbieter deine Anfrage vor der Freischaltung' : 'This is how providers see your request before unlocking',
  );

  // Edit in the card: the city changes, the summary follows; a phone number in the description is hidden in the providers' preview.
  await page.getByTestId('intake-summary-edit').click();
  await page.getByTestId('intake-edit-postcode').fill('50667');
  await page.getByTestId('intake-edit-place').fill('');
  await page
    .getByTestId('intake-edit-description')
    .fill(lang === 'de' ? 'Altes Bad fliesen, Rückruf unter 0 171 2345678' : 'Tile the old bathroom, call back on 0 171 2345678');
  await page.getByTestId('intake-summary-save').click();
  await expect(page.getByTestId('intake-summary-location').last()).toContainText('50667 Köln');
  await expect(page.getByTestId('intake-summary-description').last()).toContainText('0 171 2345678');
  const teaser = page.getByTestId('intake-summary-teaser').last();
  await expect(teaser).toContainText(lang === 'de' ? 'Rückruf unter [Kontakt verborgen]' : 'call back on [contact hidden]');
  await expect(teaser).not.toContainText('2345678');

  await page.getByTestId('intake-summary-confirm').last().click();
  await expect(page.getByTestId('intake-submitted')).toContainText(T[lang].saved);
  await expect(page.getByTestId('intake-register-link')).toHaveText(T[lang].register);
  await expect(page.getByTestId('intake-register-link')).toHaveAttribute('href', /\/auth\?mode=searcher/);
  await page.screenshot({ path: test.info().outputPath(`intake-form-${lang}.png`), fullPage: true });
});

test('a seeker posts a request in one free sentence and is asked only for what is missing', async ({ page, lang }) => {
  const c = await openChat(page, lang);
  await c.say(T[lang].name);
  await c.say(T[lang].freeText);
  // Category, place, budget and urgency were read; only the date is asked for.
  await expect(c.assistant.last()).toContainText(
    lang === 'de' ? /Handwerk · 50667 Köln · 300\s€ – 500\s€ · Dringend/ : /Trades & Repairs · 10115 Berlin · €300 – €500 · Urgent/,
  );
  await c.say(lang === 'de' ? 'nächsten Freitag' : 'next Friday');
  await expect(page.getByTestId('intake-summary')).toBeVisible();
  await expect(page.getByTestId('intake-summary-date')).not.toHaveText(/–|^$/);
  await page.getByTestId('intake-summary-confirm').click();
  await expect(page.getByTestId('intake-submitted')).toContainText(T[lang].saved);
  // An anonymous seeker's request waits for the registration: the session knows the stored request.
  const sessionId = await page.evaluate(() => localStorage.getItem('akut.chat.sessionId'));
  const res = await page.request.get(`/api/chat/session/${sessionId}`);
  expect(res.ok()).toBe(true);
  expect((await res.json()).state).toBe('submitted');
});

test('the greeting is in the page before any script runs; once the chat has taken over it is there once', async ({ browser, page, lang }) => {
  // JavaScript off: the server's HTML alone (decision 055).
  const noScript = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'en' ? 'en-US' : 'de-DE', baseURL: E2E_URL });
  const plain = await noScript.newPage();
  await plain.goto('/search');
  const served = plain.getByTestId('chat-messages').locator('[data-role="assistant"]');
  await expect(served).toHaveCount(3);
  await expect(served.first()).toContainText(T[lang].hello);
  await expect(served.last()).toContainText(T[lang].askName);
  await expect(plain.getByTestId('chat-loading')).toHaveCount(0);
  await noScript.close();

  await page.goto('/search');
  const c = chat(page, lang);
  // Taken over: the words typed go to the conversation, whose send button they enable.
  await c.input.fill(T[lang].name);
  await expect(page.getByTestId('chat-send')).toBeEnabled({ timeout: 15_000 });
  await expect(c.assistant).toHaveCount(3);
  await expect(c.log.getByText(T[lang].hello)).toHaveCount(1);
  await expect(c.log.getByText(T[lang].askName)).toHaveCount(1);
  await page.getByTestId('chat-send').click();
  await expect(c.assistant.last()).toContainText(T[lang].nameOk, { timeout: 15_000 });
  await expect(c.log.getByText(T[lang].hello)).toHaveCount(1);
});

test('with ?typing=1 the assistant types its messages; the greeting /search came with stands as it is', async ({ page, lang }) => {
  // In the floating chat the greeting of a new session is typed out.
  await page.goto('/?typing=1');
  await page.getByRole('button', { name: lang === 'de' ? /Chat öffnen/i : /Open chat/i }).click();
  const c = chat(page, lang);
  await expect(c.log.locator('[data-typing="true"]').first()).toBeVisible({ timeout: 10_000 });
  // Typed out letter by letter; screen readers get the whole text at once.
  await expect(c.log.locator('p[aria-hidden="true"]', { hasText: T[lang].askName })).toBeVisible({ timeout: 15_000 });
  await expect(c.log.locator('[data-typing="true"]')).toHaveCount(0);

  // On /search the greeting is in the page (decision 055): the conversation does not type it again.
  await page.evaluate(() => localStorage.removeItem('akut.chat.sessionId'));
  await page.goto('/search?typing=1');
  await expect(c.assistant).toHaveCount(3);
  // Taken over once the words typed enable the conversation's send button.
  await c.input.fill(T[lang].name);
  await expect(page.getByTestId('chat-send')).toBeEnabled({ timeout: 15_000 });
  await expect(c.log.locator('p[aria-hidden="true"]')).toHaveCount(0);
  await expect(c.log.getByText(T[lang].askName)).toHaveCount(1);
});

test('with ?tts=1 the read-aloud panel appears and reads the newest message in the UI language', async ({ page, lang }) => {
  await page.goto('/search?tts=1');
  const c = chat(page, lang);
  await expect(c.assistant).toHaveCount(3, { timeout: 15_000 });
  const panel = page.getByTestId('tts-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByTestId('tts-voice')).toContainText(lang === 'de' ? 'Deutsch' : 'English');
  const audio = page.waitForResponse((r) => r.url().endsWith('/api/tts') && r.status() === 200);
  await page.getByTestId('tts-play').click();
  const res = await audio;
  expect(res.headers()['content-type']).toContain('audio/wav');
  // Without the flag the panel is gone again.
  await page.goto('/search?tts=0');
  await expect(c.assistant).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByTestId('tts-panel')).toHaveCount(0);
});

test('an empty message cannot be sent and a too long one is refused with a clear message', async ({ page, lang }) => {
  const c = await openChat(page, lang);
  await expect(page.getByRole('button', { name: T[lang].send })).toBeDisabled();
  await c.input.fill('   ');
  await expect(page.getByRole('button', { name: T[lang].send })).toBeDisabled();
  await c.input.fill('x'.repeat(2001));
  await page.getByRole('button', { name: T[lang].send }).click();
  await expect(page.getByTestId('chat-error')).toContainText(/2000|2\.000|2,000/);
  await expect(c.log.locator('[data-role="user"]')).toHaveCount(0);
});

test('the floating chat opens and closes on other pages', async ({ page, lang }) => {
  await page.goto('/');
  await page.getByRole('button', { name: lang === 'de' ? /Chat öffnen/i : /Open chat/i }).click();
  await expect(page.getByRole('textbox', { name: T[lang].input })).toBeVisible();
  await expect(page.getByTestId('chat-messages').getByText(T[lang].askName)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: lang === 'de' ? /Chat schließen/i : /Close chat/i }).click();
  await expect(page.getByRole('textbox', { name: T[lang].input })).toHaveCount(0);
});

test("'jo' alone is a yes, not a name; 'call me Jo' names Jo (390 px)", async ({ page, lang }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const c = await openChat(page, lang);
  await c.say('jo');
  await expect(c.assistant.last()).toContainText(T[lang].askName);
  await c.say(lang === 'de' ? 'nenn mich Jo' : 'call me Jo');
  await expect(c.assistant.last()).toContainText(lang === 'de' ? 'Schön, dich kennenzulernen, Jo!' : 'Nice to meet you, Jo!');
  await page.screenshot({ path: info.outputPath(`call-me-jo-${lang}.png`) });
});
