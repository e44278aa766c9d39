// 'Datenschutz & Konto' (decision 046), in German and English, on a phone (390 px) and a desktop (1280 px): a
// seeker goes there from the dashboard, downloads the JSON and the readable HTML of their data, reads what
// deleting does, types the confirmation word and deletes the account; afterwards they are signed out.
import fs from 'node:fs';
import { test, expect, expectNoHorizontalScroll, signUpVerified } from './fixtures.ts';

const T = {
  de: { link: 'Datenschutz & Konto', word: 'LÖSCHEN', section: '<h2>Chatverlauf</h2>', done: 'Dein Konto ist gelöscht.' },
  en: { link: 'Privacy & account', word: 'DELETE', section: '<h2>Chat history</h2>', done: 'Your account is deleted.' },
};

for (const width of [390, 1280]) {
  test(`downloads the data and deletes the account at ${width} px`, async ({ page, lang }, testInfo) => {
    const t = T[lang];
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { email } = await signUpVerified(page, 'seeker', lang);
    await page.goto('/suchende-dashboard');
    await page.getByTestId('privacy-account-link').click();
    await expect(page.getByTestId('privacy-account-page')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.link);
    await expectNoHorizontalScroll(page);

    const json = page.waitForEvent('download');
    await page.getByTestId('download-json').click();
    const jsonFile = await (await json).path();
    const data = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as { account: { email: string } };
    expect(data.account.email).toBe(email);

    const html = page.waitForEvent('download');
    await page.getByTestId('download-html').click();
    const htmlText = fs.readFileSync(await (await html).path(), 'utf8');
    expect(htmlText).toContain(t.section);
    expect(htmlText).toContain(email);

    await expect(page.getByTestId('delete-now')).toBeVisible();
    await expect(page.getByTestId('delete-kept')).toContainText('10');
    const button = page.getByTestId('delete-account');
    await page.getByTestId('delete-confirm-input').fill('nein');
    await expect(button).toBeDisabled();
    await page.getByTestId('delete-confirm-input').fill(t.word.toLowerCase());
    await expect(button).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath(`privacy-${width}-${lang}.png`), fullPage: true });
    await button.click();
    await expect(page.getByTestId('account-deleted')).toContainText(t.done);
    await expectNoHorizontalScroll(page);

    const me = (await (await page.request.get('/api/me')).json()) as { user: unknown };
    expect(me.user).toBeNull();
  });
}
