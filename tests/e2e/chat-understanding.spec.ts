// The chat understands people, not phrases (issue 21), in the browser at phone and desktop width, in German
// and English: a greeting is no first name, a need told instead of the name is kept, 'abbrechen' leaves the
// request form, a city alone asks for the postcode, the help lists what can be done with examples to click,
// the reply follows the language of the message, and 'Neues Gespräch' starts over.
import { test, expect, type Lang } from './fixtures.ts';
import type { Page } from '@playwright/test';

const T = {
  de: {
    input: /Nachricht/i,
    askName: 'Wie ist dein Vorname?',
    hello: 'Hallo',
    helloAsName: /kennenzulernen, Hallo/,
    need: 'Mein Wasserhahn tropft seit gestern, ich brauche dringend einen Klempner in 50667 Köln, Budget 150 Euro, am besten morgen',
    noted: /Notiert: Handwerk/,
    name: 'Marta',
    summary: /Hier ist deine Anfrage im Überblick, Marta/,
    cancel: 'abbrechen',
    cancelled: /Anfrage verworfen/,
    city: 'Ich brauche einen Klempner in Berlin, der Abfluss im Bad ist verstopft',
    postcode: /Welche Postleitzahl hat der Ort in Berlin/,
    help: 'Was kannst du alles?',
    helpIntro: /Das kann ich gerade für dich tun/,
    otherLang: 'How does this work?',
    otherLangReply: /This is how akut works/,
    newChat: 'Neues Gespräch',
  },
  en: {
    input: /Message/i,
    askName: 'What is your first name?',
    hello: 'Hello',
    helloAsName: /meet you, Hello/,
    need: 'My kitchen tap has been dripping since yesterday, I urgently need a plumber in 10115 Berlin, budget 150 euros, ideally tomorrow',
    noted: /Noted: Trades & Repairs/,
    name: 'Marta',
    summary: /Here is your request at a glance, Marta/,
    cancel: 'cancel',
    cancelled: /dropped the request/,
    city: 'I need a plumber in Hamburg, the bathroom drain is blocked',
    postcode: /Which postcode in Hamburg/,
    help: 'What can you do?',
    helpIntro: /This is what I can do for you now/,
    otherLang: 'Wie funktioniert das hier?',
    otherLangReply: /So funktioniert akut/,
    newChat: 'New conversation',
  },
} as const;

function chat(page: Page, lang: Lang) {
  const log = page.getByTestId('chat-messages');
  const input = page.getByRole('textbox', { name: T[lang].input });
  const assistant = log.locator('[data-role="assistant"]');
  return {
    log,
    assistant,
    /** Sends a message and waits for the whole streamed answer; returns the newest assistant message. */
    async say(text: string) {
      const before = await assistant.count();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST', { timeout: 60_000 });
      await input.fill(text);
      await page.getByTestId('chat-send').click();
      await (await answered).finished();
      await expect(assistant).toHaveCount(before + 1, { timeout: 30_000 });
      return assistant.last();
    },
  };
}

async function openChat(page: Page, lang: Lang) {
  await page.goto('/search');
  const c = chat(page, lang);
  await expect(c.log.getByText(T[lang].askName)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('chat-panel')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  return c;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('akut.typing')) localStorage.setItem('akut.typing', '0');
  });
});

for (const width of [390, 1280] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a greeting is no name, a need before the name is kept, abbrechen leaves the form, Neues Gespräch starts over', async ({ page, lang }, info) => {
      const t = T[lang];
      const c = await openChat(page, lang);
      // 'Hallo' is no name: the name is asked again (the chat greeted already; no second hello).
      const hello = await c.say(t.hello);
      await expect(hello).toContainText(t.askName);
      await expect(hello).not.toContainText(t.helloAsName);
      // The whole need instead of the name: taken (not 'too long for a first name'), the name asked after.
      const need = await c.say(t.need);
      await expect(need).toContainText(t.noted);
      await expect(need).toContainText(t.askName);
      // With the name, the intake goes on with the need: here, everything is there, so the summary.
      const summary = await c.say(t.name);
      await expect(summary).toContainText(t.summary);
      await page.screenshot({ path: info.outputPath(`summary-${lang}-${width}.png`), fullPage: false });
      // Leaving the form: the draft is dropped, nothing sent.
      await expect(await c.say(t.cancel)).toContainText(t.cancelled);
      // A new conversation: the greeting again, the old messages gone from the panel.
      await page.getByTestId('chat-new').click();
      // The old messages go first (a strict text match during the swap would see old and new at once).
      await expect(c.log.getByText(t.need)).toHaveCount(0, { timeout: 30_000 });
      await expect(c.log.getByText(t.askName, { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(c.assistant).toHaveCount(3);
    });

    test('a city alone asks for the postcode; the help shows examples that run when clicked; the reply follows the message language', async ({
      page,
      lang,
    }, info) => {
      const t = T[lang];
      const c = await openChat(page, lang);
      await c.say(t.name);
      await expect(await c.say(t.city)).toContainText(t.postcode);
      // What can you do? The help card with groups and examples; one click runs it as if typed.
      const help = await c.say(t.help);
      await expect(help).toContainText(t.helpIntro);
      const card = page.getByTestId('chat-help').last();
      await expect(card).toBeVisible();
      await page.screenshot({ path: info.outputPath(`help-${lang}-${width}.png`), fullPage: false });
      const before = await c.assistant.count();
      await card.getByRole('button').first().click();
      await expect(c.assistant).toHaveCount(before + 1, { timeout: 30_000 });
      // A message in the other language is answered in that language.
      await expect(await c.say(t.otherLang)).toContainText(t.otherLangReply);
    });
  });
}
