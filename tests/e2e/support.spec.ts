// The support chat round trip in two browser windows: a partner writes, the admin sees it arrive live in the
// Support tab and replies, the partner sees the reply live without reloading.
import type { Page } from '@playwright/test';
import { test, expect, adminWindow, signUpVerified, expectNoHorizontalScroll } from './fixtures.ts';

const words = {
  de: {
    title: 'Admin Chat Support',
    promise: /innerhalb von 24 Stunden/,
    sent: 'Nachricht gesendet',
    unread: '1 ungelesen',
    tab: 'Support',
    replySent: 'Antwort gesendet',
    team: /Support-Team/,
    subject: 'Affiliate Support Anfrage',
  },
  en: {
    title: 'Admin Chat Support',
    promise: /within 24 hours/,
    sent: 'Message sent',
    unread: '1 unread',
    tab: 'Support',
    replySent: 'Reply sent',
    team: /Support team/,
    subject: 'Affiliate support request',
  },
};

/** Resolves when the page's live socket has said hello (the server delivers events to it from then on). */
function liveSocketReady(page: Page) {
  return page
    .waitForEvent('websocket', (ws) => ws.url().endsWith('/ws'))
    .then((ws) => ws.waitForEvent('framereceived', (f) => String(f.payload).includes('"hello"')));
}

test('a partner writes to support, any admin answers, both sides live', async ({ page, lang, browser }, testInfo) => {
  const w = words[lang];
  const { email } = await signUpVerified(page, 'seeker', lang);

  const admin = await adminWindow(browser, lang);
  try {
    await admin.page.setViewportSize({ width: 1280, height: 900 });
    const adminLive = liveSocketReady(admin.page);
    await admin.page.goto('/admin?tab=support');
    await expect(admin.page.getByTestId('admin-tab-support')).toHaveText(new RegExp(w.tab));
    await adminLive;

    // The partner opens the chat (the mail's link opens it on any page).
    const partnerLive = liveSocketReady(page);
    await page.goto('/?support=1');
    const dialog = page.getByTestId('support-dialog');
    await expect(dialog.getByRole('heading', { name: w.title })).toBeVisible();
    await expect(dialog.getByText(w.promise)).toBeVisible();
    await expect(dialog.getByText(w.subject)).toBeVisible();
    await partnerLive;
    const box = (await dialog.boundingBox())!;
    expect(Math.round(box.width)).toBe(500);
    expect(Math.round(box.height)).toBe(600);

    const input = dialog.getByTestId('support-input');
    const send = dialog.getByTestId('support-input-send');
    await expect(send).toBeDisabled();
    await input.fill('   \n  ');
    await expect(send).toBeDisabled();
    await input.press('Enter');
    await expect(dialog.getByTestId('support-message')).toHaveCount(0);

    // Shift+Enter is a new line, Enter sends.
    await input.fill('');
    await input.pressSequentially(`Frage ${lang}: Wann kommt meine Provision?`);
    await input.press('Shift+Enter');
    await input.pressSequentially('Danke!');
    await expect(input).toHaveValue(`Frage ${lang}: Wann kommt meine Provision?\nDanke!`);
    await input.press('Enter');
    await expect(page.getByText(w.sent)).toBeVisible();
    await expect(input).toHaveValue('');
    const mine = dialog.getByTestId('support-message');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toHaveAttribute('data-from', 'partner');
    await expect(mine.first()).toContainText('Danke!');

    // The admin's inbox shows it live, unread.
    const row = admin.page.locator(`[data-testid="support-conversation"][data-partner-email="${email}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('support-unread')).toHaveText(w.unread);
    await admin.page.screenshot({ path: testInfo.outputPath(`admin-inbox-1280-${lang}.png`), fullPage: true });

    await row.click();
    const thread = admin.page.getByTestId('support-admin-thread');
    await expect(thread.getByTestId('support-message')).toHaveCount(1);
    await expect(thread).toContainText(`Frage ${lang}: Wann kommt meine Provision?`);
    await expect(row.getByTestId('support-unread')).toHaveCount(0);

    const reply = admin.page.getByTestId('support-reply');
    await expect(admin.page.getByTestId('support-reply-send')).toBeDisabled();
    await reply.fill(`Antwort ${lang}: in 14 Tagen.`);
    await reply.press('Enter');
    await expect(admin.page.getByText(w.replySent)).toBeVisible();
    await expect(thread.getByTestId('support-message')).toHaveCount(2);
    await admin.page.screenshot({ path: testInfo.outputPath(`admin-thread-1280-${lang}.png`), fullPage: true });

    // The partner sees the reply without reloading.
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(1)).toHaveAttribute('data-from', 'team');
    await expect(mine.nth(1)).toContainText(`Antwort ${lang}: in 14 Tagen.`);
    await expect(mine.nth(1)).toContainText(w.team);
    await page.screenshot({ path: testInfo.outputPath(`partner-1280-${lang}.png`) });

    // Phones: the chat fills the screen, the inbox shows list or conversation.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(dialog).toBeVisible();
    const phone = (await dialog.boundingBox())!;
    expect(phone.width).toBeGreaterThan(360);
    expect(phone.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`partner-390-${lang}.png`) });
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await expect(thread).toBeVisible();
    await expectNoHorizontalScroll(admin.page);
    // Nothing of the conversation is cut off at the card's edge.
    for (const part of [admin.page.getByTestId('support-reply-send'), thread.getByTestId('support-message').nth(1)]) {
      const b = (await part.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    await admin.page.screenshot({ path: testInfo.outputPath(`admin-thread-390-${lang}.png`), fullPage: true });

    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});
