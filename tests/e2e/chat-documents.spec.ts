// A provider uploads a trade document from the chat: 'Gewerbeschein hochladen' opens the upload card (the
// dashboard's form), the file goes to the same door, and the dashboard's verification section lists it.
import { test, expect, expectNoHorizontalScroll } from './fixtures.ts';
import { providerWithProfile } from './market-helpers.ts';

const T = {
  de: {
    ask: 'Ich möchte meine Handwerkskarte hochladen',
    title: 'Nachweis hochladen',
    kind: 'Dokument',
    craftCard: 'Handwerkskarte',
    fileType: 'Erlaubt sind PDF, JPEG und PNG.',
    done: '„handwerkskarte.pdf“ (Handwerkskarte) ist hochgeladen.',
    status: 'Wie ist der Stand meiner Nachweise?',
    pendingText: 'Deine Verifizierung wird geprüft.',
    profileTab: 'Profil & Verifizierung',
    pending: 'Wird geprüft',
  },
  en: {
    ask: 'How do I submit my craft card?',
    title: 'Upload a document',
    kind: 'Document',
    craftCard: 'Craft card (Handwerkskarte)',
    fileType: 'Allowed are PDF, JPEG and PNG.',
    done: '"handwerkskarte.pdf" (Craft card) is uploaded.',
    status: 'What is the status of my documents?',
    pendingText: 'Your verification is being reviewed.',
    profileTab: 'Profile & verification',
    pending: 'Being checked',
  },
};

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a provider uploads a trade document from the chat, and the dashboard lists it', async ({ page, lang }) => {
      const l = T[lang];
      await page.addInitScript(() => localStorage.setItem('akut.typing', '0'));
      await providerWithProfile(page, lang);
      await page.goto('/search');
      await page.getByTestId('chat-input').fill(l.ask);
      await page.getByTestId('chat-send').click();
      const card = page.getByTestId('chat-document-upload').last();
      await expect(card.getByRole('heading', { name: l.title })).toBeVisible({ timeout: 15_000 });
      await card.getByLabel(l.kind).selectOption({ label: l.craftCard });
      // The browser refuses other types before anything is sent.
      const file = card.locator('input[type=file]');
      await file.setInputFiles({ name: 'bild.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(card.getByTestId('upload-error')).toHaveText(l.fileType);
      await file.setInputFiles({ name: 'handwerkskarte.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%test\n') });
      await card.getByTestId('upload-document').click();
      await expect(card.getByTestId('chat-document-uploaded')).toContainText(l.done);
      await expectNoHorizontalScroll(page);

      await page.getByTestId('chat-input').fill(l.status);
      await page.getByTestId('chat-send').click();
      await expect(page.getByTestId('chat-messages')).toContainText(l.pendingText);

      await page.goto('/anbieter/dashboard');
      await page.getByRole('tab', { name: l.profileTab }).click();
      const docs = page.getByTestId('verification-documents');
      await expect(docs).toContainText('handwerkskarte.pdf');
      await expect(docs).toContainText(l.pending);
    });
  });
}
