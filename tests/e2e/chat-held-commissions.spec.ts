// Held commissions by chat (issue 25), in the browser, German and English: one partner brought in both sides of
// a real deal, so both of the partner's commissions on it are held. The admin asks the chat which commissions are
// held (the partner, the amount and the rule in words, with buttons), releases one named by the partner's name
// (two fit: the chat offers both, the admin taps one) and voids the other by its reference with a reason; each
// is a before/after card that changes nothing until the admin's click.
import { test, expect, adminWindow } from './fixtures.ts';
import { E2E_URL } from './e2e-env.ts';
import { dealWithPartnerOnBothSides } from './held-helpers.ts';

const T = {
  de: {
    partner: 'Hanna Haltbar',
    list: 'Welche Provisionen sind gerade zurückgehalten?',
    bothSides: 'Beide Seiten des Deals (Anbieter und suchende Person) wurden von diesem Partner geworben.',
    release: 'Gib die Provision von Hanna Haltbar frei, geprüft: Nachbarn',
    which: 'Welche Provision soll ich freigeben?',
    voidSay: (ref: string) => `Provision #${ref} stornieren: Selbst vermittelter Deal`,
    status: 'Status',
    held: 'zurückgehalten – wird geprüft',
    released: 'in der Widerrufsfrist',
    voided: 'storniert',
    reason: 'Grund',
  },
  en: {
    partner: 'Holly Heldback',
    list: 'which commissions are on hold?',
    bothSides: 'Both sides of the deal (provider and seeker) were referred by this partner.',
    release: "release Holly Heldback's commission, checked: neighbours",
    which: 'Which commission shall I release?',
    voidSay: (ref: string) => `void commission #${ref}: deal with herself`,
    status: 'Status',
    held: 'held – under review',
    released: 'in the refund window',
    voided: 'voided',
    reason: 'Reason',
  },
} as const;

type Held = { id: string; status: string; partnerEmail: string };

test('an admin lists the held commissions in the chat, releases one by the partner’s name and voids the other with a reason', async ({
  lang,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const l = T[lang];
  const { partner } = await dealWithPartnerOnBothSides(lang, l.partner);
  const admin = await adminWindow(browser, lang);
  try {
    const a = admin.page;
    const mine = async (status = 'held') =>
      ((await (await a.request.get(`/api/admin/affiliate/commissions?status=${status}`)).json()) as { commissions: Held[] }).commissions.filter(
        (c) => c.partnerEmail === partner.email,
      );
    const [one, two] = await mine();
    expect(one && two).toBeTruthy();

    // The replies appear at once (no typing animation): the buttons show once the words are there.
    await a.context().addInitScript(() => localStorage.setItem('akut.typing', '0'));
    await a.goto('/search');
    const input = a.getByTestId('chat-input');
    await expect(input).toBeEnabled({ timeout: 15_000 });
    const say = async (text: string) => {
      const answered = a.waitForResponse((r) => new URL(r.url()).pathname === '/api/chat' && r.request().method() === 'POST', { timeout: 60_000 });
      await input.fill(text);
      await a.getByTestId('chat-send').click();
      await (await answered).finished();
    };

    // The list: who, amount and why, with a button for each commission.
    await say(l.list);
    const log = a.getByTestId('chat-messages');
    await expect(log.getByText(`#${one!.id.slice(0, 6)} · ${l.partner}`).last()).toBeVisible({ timeout: 30_000 });
    await expect(log.getByText(l.bothSides).first()).toBeVisible();
    await expect(log.getByTestId('chat-choice').filter({ hasText: `#${one!.id.slice(0, 6)}` })).toHaveCount(2, { timeout: 30_000 });
    await a.screenshot({ path: testInfo.outputPath(`chat-held-list-${lang}.png`) });

    // Released by the partner's name: both of her commissions fit, so the chat asks which; the admin taps the first.
    await say(l.release);
    await expect(log.getByText(l.which).last()).toBeVisible({ timeout: 30_000 });
    // The candidates' buttons name the reference, the partner and the amount.
    await log
      .getByTestId('chat-choice')
      .filter({ hasText: `#${one!.id.slice(0, 6)} · ${l.partner}` })
      .last()
      .click();
    const card = a.getByTestId('chat-confirm').last();
    const change = card.getByTestId('chat-change');
    await expect(change).toContainText(`#${one!.id.slice(0, 6)}`, { timeout: 30_000 });
    await expect(change.getByRole('row', { name: new RegExp(`^${l.status}`) })).toContainText(l.held);
    await expect(change.getByRole('row', { name: new RegExp(`^${l.status}`) })).toContainText(l.released);
    await expect(change.getByRole('row', { name: new RegExp(`^${l.reason}`) })).toContainText(lang === 'de' ? 'Nachbarn' : 'neighbours');
    await a.screenshot({ path: testInfo.outputPath(`chat-held-release-card-${lang}.png`) });
    // Nothing changed before the click.
    expect((await mine()).map((c) => c.id).sort()).toEqual([one!.id, two!.id].sort());
    await card.getByTestId('chat-confirm-accept').click();
    await expect(card).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 });
    expect((await mine()).map((c) => c.id)).toEqual([two!.id]);
    expect((await mine('pending')).map((c) => c.id)).toEqual([one!.id]);

    // Voided by its reference, with the reason the partner reads.
    await say(l.voidSay(two!.id.slice(0, 6)));
    const voidCard = a.getByTestId('chat-confirm').last();
    await expect(voidCard.getByTestId('chat-change')).toContainText(`#${two!.id.slice(0, 6)}`, { timeout: 30_000 });
    await expect(voidCard.getByTestId('chat-change').getByRole('row', { name: new RegExp(`^${l.status}`) })).toContainText(l.voided);
    await a.screenshot({ path: testInfo.outputPath(`chat-held-void-card-${lang}.png`) });
    expect((await mine()).map((c) => c.id)).toEqual([two!.id]);
    await voidCard.getByTestId('chat-confirm-accept').click();
    await expect(voidCard).toHaveAttribute('data-status', 'confirmed', { timeout: 30_000 });
    expect(await mine()).toEqual([]);
    expect((await mine('canceled')).map((c) => c.id)).toEqual([two!.id]);
    // The partner no longer has anything held.
    const me = (await (await partner.api.get('/api/affiliate/me', { headers: { origin: E2E_URL } })).json()) as { earnings: { held: { count: number } } };
    expect(me.earnings.held.count).toBe(0);
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.close();
    await partner.api.dispose();
  }
});
