// The admin keeps the partners' content in the browser: a marketing text (category, language, placeholders)
// and an academy lesson (German and English text, a video optional), each checked, shown to partners, hidden and deleted again.
import { test, expect, adminWindow, signUpVerified, expectNoHorizontalScroll } from './fixtures.ts';

const words = {
  de: {
    tab: 'Inhalte',
    required: 'Bitte ausfüllen.',
    created: 'Angelegt',
    hidden: 'Für Partner ausgeblendet',
    deleted: 'Gelöscht',
    badUrl: 'Die Video-Adresse muss mit http:// oder https:// beginnen.',
    marketing: 'Marketing',
    social: 'Social Media',
    academy: 'Akademie',
    videos: 'Akademie-Lektionen',
    instagram: 'Instagram',
  },
  en: {
    tab: 'Content',
    required: 'Please fill this in.',
    created: 'Created',
    hidden: 'Hidden from partners',
    deleted: 'Deleted',
    badUrl: 'The video address must start with http:// or https://.',
    marketing: 'Marketing',
    social: 'Social media',
    academy: 'Academy',
    videos: 'Academy lessons',
    instagram: 'Instagram',
  },
};

test('the admin creates, hides and deletes a marketing text and an academy video that partners see', async ({ page, lang, browser }, testInfo) => {
  // Two windows, a text and a lesson each made, checked, read and removed: more than the default minute when the machine is busy.
  test.setTimeout(120_000);
  const w = words[lang];
  const tag = `${lang}-${Date.now().toString(36)}`;
  await signUpVerified(page, 'seeker', lang);
  const admin = await adminWindow(browser, lang);
  try {
    const a = admin.page;
    await a.setViewportSize({ width: 1280, height: 900 });
    await a.goto('/admin?tab=content');
    await expect(a.getByTestId('admin-tab-content')).toHaveText(w.tab);

    // A social post in the page's language; the content is required.
    await a.getByTestId('content-material-new').click();
    const dialog = a.getByTestId('content-material-dialog');
    await dialog.getByTestId('content-field-kind').selectOption('social');
    await dialog.getByTestId('content-field-category').selectOption('instagram');
    await dialog.getByTestId('content-field-lang').selectOption(lang);
    await dialog.getByTestId('content-field-title').fill(`E2E Story ${tag}`);
    await dialog.getByTestId('content-field-description').fill('Story');
    await dialog.getByTestId('content-save').click();
    await expect(dialog.getByTestId('content-field-error')).toHaveText(w.required);
    await dialog.getByTestId('content-field-body').fill('Schau mal: [AFFILIATE_LINK] – [NAME]');
    await dialog.getByTestId('content-save').click();
    await expect(a.getByText(w.created, { exact: true }).first()).toBeVisible();
    const item = a.locator(`[data-testid="content-material"][data-title="E2E Story ${tag}"]`);
    await expect(item).toContainText(w.instagram);
    await a.screenshot({ path: testInfo.outputPath(`admin-content-1280-${lang}.png`), fullPage: true });

    // The partner gets it with their own link.
    await page.goto('/affiliate/dashboard');
    await page.getByRole('tab', { name: w.marketing }).click();
    await page.getByRole('tab', { name: w.social }).click();
    const mine = page.getByTestId('marketing-item').filter({ hasText: `E2E Story ${tag}` });
    await expect(mine).toContainText('?ref=AKUT-');

    // Hidden: gone for partners; deleted: gone for the admin too.
    await item.getByTestId('content-active').click();
    await expect(a.getByText(w.hidden, { exact: true }).first()).toBeVisible();
    await page.reload();
    await page.getByRole('tab', { name: w.marketing }).click();
    await page.getByRole('tab', { name: w.social }).click();
    await expect(page.getByTestId('marketing-item').first()).toBeVisible();
    await expect(mine).toHaveCount(0);
    await item.getByTestId('content-delete').click();
    await a.getByTestId('confirm-submit').click();
    await expect(a.getByText(w.deleted, { exact: true }).first()).toBeVisible();
    await expect(item).toHaveCount(0);

    // An academy lesson: the text in both languages, the address http(s); the partner reads it in their language.
    await a.getByRole('tab', { name: w.videos }).click();
    await a.getByTestId('content-video-new').click();
    const vd = a.getByTestId('content-video-dialog');
    await vd.getByTestId('content-field-videoCategory').selectOption('tools');
    await vd.getByTestId('content-field-titleDe').fill(`Video DE ${tag}`);
    await vd.getByTestId('content-field-titleEn').fill(`Video EN ${tag}`);
    await vd.getByTestId('content-field-descriptionDe').fill('Kurz erklärt.');
    await vd.getByTestId('content-field-descriptionEn').fill('Briefly explained.');
    await vd.getByTestId('content-field-bodyDe').fill(`## Teil eins\n\nText DE ${tag} mit **[UNLOCK_PRICE] Goints**.`);
    await vd.getByTestId('content-field-url').fill('ftp://videos.example.org/a.mp4');
    await vd.getByTestId('content-field-durationMin').fill('4');
    await vd.getByTestId('content-save').click();
    await expect(vd.getByTestId('content-field-error')).toHaveText([w.required, w.badUrl]);
    await vd.getByTestId('content-field-bodyEn').fill(`## Part one\n\nText EN ${tag} with **[UNLOCK_PRICE] Goints**.`);
    await vd.getByTestId('content-field-url').fill('https://videos.example.org/a.mp4');
    await vd.getByTestId('content-save').click();
    await expect(a.getByText(w.created, { exact: true }).first()).toBeVisible();
    const video = a.locator(`[data-testid="content-video"][data-title="Video DE ${tag}"]`);
    await expect(video).toBeVisible();
    await a.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(a);
    await a.screenshot({ path: testInfo.outputPath(`admin-content-videos-390-${lang}.png`), fullPage: true });

    await page.getByRole('tab', { name: w.academy }).click();
    const lesson = page.getByTestId('academy-lesson').filter({ hasText: lang === 'de' ? `Video DE ${tag}` : `Video EN ${tag}` });
    await expect(lesson).toBeVisible();
    await lesson.getByRole('button').click();
    const read = page.getByTestId('academy-lesson-dialog');
    await expect(read.getByTestId('lesson-body')).toContainText(lang === 'de' ? `Text DE ${tag} mit 50 Goints.` : `Text EN ${tag} with 50 Goints.`);
    await expect(read.getByRole('link', { name: lang === 'de' ? 'Video ansehen' : 'Watch video' })).toHaveAttribute('href', 'https://videos.example.org/a.mp4');
    await page.keyboard.press('Escape');
    await video.getByTestId('content-delete').click();
    await a.getByTestId('confirm-submit').click();
    await expect(video).toHaveCount(0);
    await page.reload();
    await page.getByRole('tab', { name: w.academy }).click();
    await expect(page.getByTestId('academy-getting_started')).toBeVisible();
    await expect(page.getByText(`Video EN ${tag}`)).toHaveCount(0);
    await expect(page.getByText(`Video DE ${tag}`)).toHaveCount(0);

    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
  }
});
