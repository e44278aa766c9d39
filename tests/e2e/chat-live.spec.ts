// Live sync between the chat and the dashboard (issue 13, decision 054), in German and English: one person in
// two tabs, the dashboard in one and the chat (/search) in the other. For a seeker: a new offer and an offer
// accepted on the dashboard appear in the chat as notes with the words to type, without a reload; the deal
// confirmed in the chat appears on the dashboard without a reload; a reload of the chat shows the notes again.
// For a provider: an unlock on the dashboard and the seeker's accept appear in the chat; the deal confirmed in
// the chat appears on the dashboard.
import type { Page } from '@playwright/test';
import { test, expect, signUpVerified, type Lang } from './fixtures.ts';
import { providerWithProfile } from './market-helpers.ts';
import { apiAccount, providerAccount, requestByChat, uniqueToken, unlockAndOffer } from './seeker-helpers.ts';

const T = {
  de: {
    best: 'Beste Angebote',
    accept: 'Angebot annehmen',
    acceptOffer: (ref: string) => `Angebot #${ref} annehmen`,
    offerNote: (ref: string) => `Neues Angebot #${ref}`,
    acceptedNote: (ref: string) => `Du hast Angebot #${ref} angenommen`,
    confirmDeal: /Deal #([0-9a-f]{6}) bestätigen/,
    waiting: 'Wartet auf Bestätigung des Anbieters',
    unlock: 'Details freischalten (50 Goints)',
    confirmUnlock: 'Für 50 Goints freischalten',
    unlockedNote: (ref: string) => `Anfrage #${ref} ist freigeschaltet`,
    createOfferSay: (ref: string) => `Angebot für Anfrage #${ref} erstellen`,
    createOffer: 'Angebot erstellen',
    price: 'Preis in €',
    description: 'Beschreibung',
    availability: 'Verfügbarkeit',
    sendOffer: 'Angebot senden',
    acceptedByOther: (ref: string) => `Dein Angebot #${ref} wurde angenommen`,
  },
  en: {
    best: 'Best offers',
    accept: 'Accept offer',
    acceptOffer: (ref: string) => `Accept offer #${ref}`,
    offerNote: (ref: string) => `New offer #${ref}`,
    acceptedNote: (ref: string) => `You accepted offer #${ref}`,
    confirmDeal: /Confirm deal #([0-9a-f]{6})/,
    waiting: "Waiting for the provider's confirmation",
    unlock: 'Unlock details (50 Goints)',
    confirmUnlock: 'Unlock for 50 Goints',
    unlockedNote: (ref: string) => `Request #${ref} is unlocked`,
    createOfferSay: (ref: string) => `Create an offer for request #${ref}`,
    createOffer: 'Create offer',
    price: 'Price in €',
    description: 'Description',
    availability: 'Availability',
    sendOffer: 'Send offer',
    acceptedByOther: (ref: string) => `Your offer #${ref} was accepted`,
  },
} as const;

/** A second tab of the same browser (same sign-in), with the same console-error rule as the first. */
async function secondTab(page: Page, lang: Lang): Promise<{ tab: Page; errors: string[] }> {
  const tab = await page.context().newPage();
  const errors: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  tab.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await tab.addInitScript((l) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', l);
  }, lang);
  return { tab, errors };
}

test('a seeker’s dashboard and chat tabs follow each other live', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  const provider = await providerAccount(lang, `Elektro Live ${uniqueToken()}`);
  try {
    await signUpVerified(page, 'seeker', lang);
    const { requestId } = await requestByChat(page.request, lang, 'Lena');

    await page.goto('/suchende-dashboard');
    await page.getByRole('tab', { name: t.best }).click();
    await expect(page.getByTestId('offers-empty')).toBeVisible();

    const { tab: chat, errors } = await secondTab(page, lang);
    await chat.goto('/search');
    await expect(chat.getByTestId('chat-input')).toBeVisible();
    // The conversation the request was told in (the person's current one), not a new greeting.
    await expect(chat.getByTestId('chat-messages')).toContainText(lang === 'de' ? 'Ich brauche dringend einen Elektriker' : 'I urgently need an electrician');

    // Something from the other side: the provider's offer shows on the dashboard and as a note in the chat.
    const offerId = await unlockAndOffer(provider, requestId, {
      price: 450,
      beschreibung: 'Austausch von vier Steckdosen im Bad inklusive Material.',
      verfuegbarkeit: 'Heute ab 16 Uhr',
    });
    const ref = offerId.slice(0, 6);
    await expect(page.getByTestId('offer-card')).toHaveCount(1, { timeout: 15_000 });
    const offerNote = chat.getByTestId('chat-note').filter({ hasText: t.offerNote(ref) });
    await expect(offerNote).toBeVisible({ timeout: 15_000 });
    await expect(offerNote.getByTestId('chat-note-say')).toHaveText(t.acceptOffer(ref));

    // Dashboard → chat: accepting on the dashboard is noted in the chat, with the deal to confirm.
    const offer = page.getByTestId('offer-card');
    await offer.getByRole('button', { name: t.accept }).click();
    await page.getByRole('dialog').getByRole('button', { name: t.accept }).click();
    const acceptedNote = chat.getByTestId('chat-note').filter({ hasText: t.acceptedNote(ref) });
    await expect(acceptedNote).toBeVisible({ timeout: 15_000 });
    const say = (await acceptedNote.getByTestId('chat-note-say').textContent()) ?? '';
    expect(say).toMatch(t.confirmDeal);

    // Chat → dashboard: the deal confirmed in the chat shows on the dashboard without a reload.
    await expect(page.getByTestId('confirm-deal')).toBeVisible();
    await chat.getByTestId('chat-input').fill(say);
    await chat.getByTestId('chat-send').click();
    const card = chat.getByTestId('chat-confirm').last();
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByTestId('chat-confirm-accept').click();
    await expect(offer.getByTestId('deal-waiting')).toHaveText(t.waiting, { timeout: 15_000 });
    await expect(page.getByTestId('confirm-deal')).toHaveCount(0);

    // The notes are stored: a reload of the chat shows them again.
    await chat.reload();
    await expect(chat.getByTestId('chat-note').filter({ hasText: t.offerNote(ref) })).toBeVisible();
    await expect(chat.getByTestId('chat-note').filter({ hasText: t.acceptedNote(ref) })).toBeVisible();
    expect(errors, 'console errors in the chat tab').toEqual([]);
    await chat.close();
  } finally {
    await provider.api.dispose();
  }
});

test('a provider’s dashboard and chat tabs follow each other live', async ({ page, lang }) => {
  test.setTimeout(120_000);
  const t = T[lang];
  await providerWithProfile(page, lang);
  await page.goto('/anbieter/dashboard');
  const { tab: chat, errors } = await secondTab(page, lang);
  await chat.goto('/search');
  await expect(chat.getByTestId('chat-input')).toBeVisible();

  const seeker = await apiAccount('seeker', lang, 'Lena Beispiel');
  try {
    const { requestId } = await requestByChat(seeker.api, lang, 'Lena');
    const ref = requestId.slice(0, 6);
    const card = page.locator(`[data-testid="match-card"][data-request-id="${requestId}"]`);
    await expect(card).toHaveAttribute('data-unlocked', 'false', { timeout: 20_000 });

    // Dashboard → chat: the unlock on the dashboard is noted in the chat with the words for the offer.
    await card.getByRole('button', { name: t.unlock }).click();
    await page.getByTestId('unlock-dialog').getByRole('button', { name: t.confirmUnlock }).click();
    await expect(card).toHaveAttribute('data-unlocked', 'true');
    const unlockedNote = chat.getByTestId('chat-note').filter({ hasText: t.unlockedNote(ref) });
    await expect(unlockedNote).toBeVisible({ timeout: 15_000 });
    await expect(unlockedNote.getByTestId('chat-note-say')).toHaveText(t.createOfferSay(ref));

    // An offer from the dashboard, accepted by the seeker: noted in the provider's chat with the deal to confirm.
    await card.getByRole('button', { name: t.createOffer }).click();
    const form = page.getByTestId('offer-dialog');
    await form.getByLabel(t.price).fill('220');
    await form.getByLabel(t.description).fill('Austausch der Steckdosen im Bad, Material inklusive.');
    await form.getByLabel(t.availability).fill(lang === 'de' ? 'Morgen' : 'Tomorrow');
    await form.getByRole('button', { name: t.sendOffer }).click();
    await expect(card.getByTestId('offer-status')).toBeVisible();
    const offers = (await (await seeker.api.get('/api/seeker/offers')).json()) as { all: { id: string; requestId: string }[] };
    const offer = offers.all.find((o) => o.requestId === requestId)!;
    expect((await seeker.api.post(`/api/seeker/offers/${offer.id}/accept`)).ok()).toBe(true);
    const acceptedNote = chat.getByTestId('chat-note').filter({ hasText: t.acceptedByOther(offer.id.slice(0, 6)) });
    await expect(acceptedNote).toBeVisible({ timeout: 15_000 });
    const say = (await acceptedNote.getByTestId('chat-note-say').textContent()) ?? '';
    expect(say).toMatch(t.confirmDeal);

    // Chat → dashboard: the deal confirmed in the chat leaves the dashboard card without its confirm button.
    await expect(card.getByTestId('confirm-deal')).toBeVisible({ timeout: 15_000 });
    await chat.getByTestId('chat-input').fill(say);
    await chat.getByTestId('chat-send').click();
    const confirmCard = chat.getByTestId('chat-confirm').last();
    await expect(confirmCard).toBeVisible({ timeout: 15_000 });
    await confirmCard.getByTestId('chat-confirm-accept').click();
    await expect(confirmCard).toHaveAttribute('data-status', 'confirmed');
    await expect(card.getByTestId('confirm-deal')).toHaveCount(0, { timeout: 15_000 });
    expect(errors, 'console errors in the chat tab').toEqual([]);
    await chat.close();
  } finally {
    await seeker.api.dispose();
  }
});
