// The follow-up script editor end to end: the admin adds a text step and a voice step (audio from the offline
// voice, previewed before adding), publishes, and a new chat in another browser context greets with them.
// The script is shared by the whole test server: the language projects take turns, and the script in use
// before the test is published again at the end.
import { test, expect, adminWindow, exclusive } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';

// Writes through the API name their origin like the browser does (the server checks it).
const WRITE = { origin: E2E_URL };

const W = {
  de: {
    textAdded: 'Text-Nachricht hinzugefügt',
    voiceAdded: 'Sprachnachricht hinzugefügt',
    published: /Skript veröffentlicht/,
    askName: 'Wie ist dein Vorname?',
    step: 'Schritt',
    down: (n: number) => `Schritt ${n} nach unten`,
    voice: 'Sprache',
  },
  en: {
    textAdded: 'Text message added',
    voiceAdded: 'Voice message added',
    published: /Script published/,
    askName: 'What is your first name?',
    step: 'Step',
    down: (n: number) => `Move step ${n} down`,
    voice: 'Voice',
  },
};

test('the admin adds a text and a voice step, publishes, and a new chat greets with them', async ({ browser, lang }, testInfo) => {
  test.setTimeout(120_000);
  const w = W[lang];
  const token = `${lang}-${Date.now().toString(36)}`;
  const admin = await adminWindow(browser, lang);
  try {
    await exclusive('followup-script', async () => {
      const page = admin.page;
      const before = await (await page.request.get('/api/admin/followup')).json();
      try {
        await page.goto('/admin?tab=followup');
        await expect(page.getByTestId('admin-tab-followup')).toBeVisible();
        const steps = page.getByTestId('followup-steps').locator('li');
        await expect(steps).toHaveCount(before.script.steps.length);

        // A text step: the button stays disabled for blanks.
        const addText = page.getByTestId('followup-add-text');
        await page.getByTestId('followup-text-de').fill('   ');
        await page.getByTestId('followup-text-en').fill('   ');
        await expect(addText).toBeDisabled();
        await page.getByTestId('followup-text-de').fill(`Neu hier? Willkommen ${token}!`);
        await page.getByTestId('followup-text-en').fill(`New here? Welcome ${token}!`);
        await addText.click();
        await expect(page.getByText(w.textAdded)).toBeVisible();
        await expect(steps).toHaveCount(before.script.steps.length + 1);

        // Reordering by keyboard: the down button with Enter, then Alt+ArrowUp on the step brings it back.
        const textAt = before.script.steps.findIndex((s: { purpose: string }) => s.purpose === 'askName');
        await page.getByRole('button', { name: w.down(textAt + 1) }).focus();
        await page.keyboard.press('Enter');
        await expect(steps.nth(textAt + 1)).toContainText(token);
        await steps
          .nth(textAt + 1)
          .getByRole('textbox')
          .first()
          .press('Alt+ArrowUp');
        await expect(steps.nth(textAt)).toContainText(token);

        // A voice step: only once the audio exists and was offered for listening.
        const addVoice = page.getByTestId('followup-add-voice');
        await page.getByTestId('followup-voice-de').fill(`Hier spricht Aki ${token}.`);
        await page.getByTestId('followup-voice-en').fill(`This is Aki speaking ${token}.`);
        await expect(addVoice).toBeDisabled();
        await page.getByTestId('followup-voice-generate').click();
        await expect(page.getByTestId('followup-voice-preview')).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
        await addVoice.click();
        await expect(page.getByText(w.voiceAdded)).toBeVisible();
        await expect(steps).toHaveCount(before.script.steps.length + 2);
        const voiceStep = steps.filter({ has: page.getByTestId('followup-step-type').getByText(w.voice, { exact: true }) });
        await expect(voiceStep).toHaveCount(1);
        await expect(voiceStep).toContainText(`${w.step} ${before.script.steps.findIndex((s: { purpose: string }) => s.purpose === 'askName') + 2}`);

        // The preview runs the draft; then publish.
        await expect(page.getByTestId('followup-preview')).toContainText(lang === 'de' ? `Willkommen ${token}` : `Welcome ${token}`);
        await expect(page.getByTestId('followup-diagram')).toBeVisible();
        await page.getByTestId('followup-publish-button').click();
        await expect(page.getByText(w.published)).toBeVisible();
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.screenshot({ path: testInfo.outputPath(`followup-tab-1440-${lang}.png`), fullPage: true });

        // A visitor in another browser context: the new chat greets with both steps, the voice one can be played.
        const visitor = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-GB' });
        try {
          await visitor.addInitScript((l) => {
            localStorage.setItem('i18nextLng', l);
            localStorage.setItem('akut.typing', '0');
          }, lang);
          const v = await visitor.newPage();
          await v.goto('/search');
          const assistant = v.getByTestId('chat-messages').locator('[data-role="assistant"]');
          await expect(assistant.last()).toContainText(w.askName, { timeout: 15_000 });
          const texts = await assistant.allInnerTexts();
          const welcome = texts.findIndex((t) => t.includes(lang === 'de' ? `Willkommen ${token}` : `Welcome ${token}`));
          const voice = texts.findIndex((t) => t.includes(lang === 'de' ? `Hier spricht Aki ${token}` : `This is Aki speaking ${token}`));
          expect(welcome).toBeGreaterThan(0);
          expect(voice).toBe(welcome + 1);
          await expect(assistant.nth(voice).getByTestId('chat-voice-play')).toBeVisible();
        } finally {
          await visitor.close();
        }
      } finally {
        // The script in use before the test is in use again.
        const put = await page.request.put('/api/admin/followup/draft', { data: { script: before.script }, headers: WRITE });
        expect(put.status()).toBe(200);
        expect((await page.request.post('/api/admin/followup/publish', { data: {}, headers: WRITE })).status()).toBe(200);
      }
    });
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});
